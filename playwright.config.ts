import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { getMicrophoneArgs } from './test/support/microphone';
import { PLAYER_ORIGIN, THIRD_ORIGIN } from './test/support/testPorts.mjs';

// One seed for the run's random samples, shared with the workers through the environment.
process.env.TEST_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

export default defineConfig({
  testDir: 'test/browser',
  // Budgets are per test: quick ones get this; long ones set their own with 2× headroom.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // What a run says is printed: CI keeps the output, and nothing else of a run.
  reporter: [['list'], ['./test/support/slowestReporter.ts']],
  use: {
    baseURL: `${PLAYER_ORIGIN}/`,
    viewport: { width: 1280, height: 720 },
    // Every page has a fake microphone that a recorder may use without asking: the voice-over tests
    // then share workers with the rest and run among them (one browser setting for all).
    launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, ...getMicrophoneArgs()] },
  },
  webServer: [
    {
      command: 'node test/support/playerServer.mjs',
      url: `${PLAYER_ORIGIN}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    // Pages that embed the player, on two other origins (see test/support/hostServer.mjs).
    {
      command: 'node test/support/hostServer.mjs',
      url: `${THIRD_ORIGIN}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
