import type { ModePanelContext } from '../modeParts';
import { ExplorePanelView } from './ExplorePanelView';

/** Explore's panel: the form that chooses the access on stage. */
export const mountMode = ({ root, session, stage }: ModePanelContext) => new ExplorePanelView(root, session, stage);
