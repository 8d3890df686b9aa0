import { createElement } from '../createElement';

/**
 * On a phone the editor lies over the stage: two buttons, Editor and Stage, show one or the other
 * with one tap. Wider screens show both side by side, and the CSS hides the switch there.
 */
export function mountEditorSwitch(editor: HTMLElement, root: HTMLElement): void {
  const make = (label: string, showsStage: boolean) => {
    const button = createElement('button', { type: 'button', 'aria-pressed': String(!showsStage) }, label);
    button.dataset.testid = showsStage ? 'show-stage' : 'show-editor';
    button.addEventListener('click', () => {
      root.classList.toggle('shows-stage', showsStage);
      update();
    });
    return button;
  };
  const toEditor = make('Editor', false);
  const toStage = make('Stage', true);
  const update = () => {
    const stage = root.classList.contains('shows-stage');
    toEditor.setAttribute('aria-pressed', String(!stage));
    toStage.setAttribute('aria-pressed', String(stage));
  };
  new MutationObserver(update).observe(root, { attributes: true, attributeFilter: ['class'] });
  editor.before(
    createElement(
      'div',
      { class: 'lesson-editor-switch', role: 'group', 'aria-label': 'Show the editor or the stage' },
      toEditor,
      toStage,
    ),
  );
}
