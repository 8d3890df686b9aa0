import type { PanelKindDefinition } from '../panelKindDefinition';

/** One reference: its title, where it is (`null` unless a web address), and why to read it. */
export interface ReferenceItem {
  readonly title: string;
  readonly href: string | null;
  readonly why: string;
}

export interface ReferencesRecord {
  readonly heading: string;
  readonly items: readonly ReferenceItem[];
}

/** Official references, each with why to read it. */
export const referencesPanel: PanelKindDefinition<ReferencesRecord, ReferencesRecord> = {
  content: ({ scene }) => ({
    heading: 'References',
    // Only web addresses become links: a lesson file cannot smuggle in a script URL.
    items: (scene?.references ?? []).map(({ title, href, why }) => ({
      title,
      href: /^https?:\/\//i.test(href) ? href : null,
      why,
    })),
  }),
  record: (references) => references,
  contentKey: 'references',
  lacks: (scene) => (scene.references?.length ? null : "the references panel needs the scene's references"),
};
