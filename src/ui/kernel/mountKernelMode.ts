import type { ModePanelContext } from '../modeParts';
import { KernelPanelView } from './KernelPanelView';

/** Kernel mode's panel: the kernel's source, its launch and its report, line by line. */
export const mountMode = ({ root, session, stage, showAlerts, getExploreSearch }: ModePanelContext) =>
  new KernelPanelView(root, session, showAlerts, getExploreSearch, stage);
