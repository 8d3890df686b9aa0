// gsap's core alone: the timeline animates no CSS, so gsap's CSS plugin would weigh on every first
// load for nothing.
import gsap from 'gsap/gsap-core';
import type { TimelinePlan } from './planTimeline';

/**
 * Turns a plan into the player's one clock: a paused gsap timeline carrying the plan's labels.
 *
 * @remarks
 * The timeline animates no object itself. Every visual is sampled from its time with
 * {@link getFrame}, so a seek from anywhere draws exactly what playing there draws, and export can
 * step it frame by frame with no wall clock. Speed is the timeline's `timeScale`, which leaves the
 * labels where they are.
 */
export function buildTimeline(plan: TimelinePlan): ReturnType<typeof gsap.timeline> {
  const timeline = gsap.timeline({ paused: true });
  for (const [name, time] of Object.entries(plan.labels)) timeline.addLabel(name, time);
  // An empty tween spanning the plan gives the timeline its duration.
  timeline.to({}, { duration: plan.duration }, 0);
  return timeline;
}
