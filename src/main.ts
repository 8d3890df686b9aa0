import { readPlayerLink } from './session/playerUrl';
import { getFramingRefusal } from './ui/mountEmbed';
import { mountPlayer } from './ui/mountPlayer';
// The player's styles, one file a part of the page, in the order they cascade.
import './ui/styles/layout.css';
import './ui/styles/mirror.css';
import './ui/styles/transport.css';
import './ui/styles/presenting.css';
import './ui/styles/questions.css';
import './ui/styles/panels.css';
import './ui/styles/header.css';
import './ui/styles/explore.css';
import './ui/styles/export.css';
import './ui/styles/voice.css';
import './ui/responsive.css';
import './ui/embed.css';

const root = document.querySelector<HTMLElement>('.player')!;
// The link is read once: the framing options decide whether to play at all, the rest goes to the
// session, which checks the scene against the lesson and reports every problem.
const link = readPlayerLink(location.search);
const refusal = getFramingRefusal(link.origins);
if (refusal === null) await mountPlayer(root, link);
else {
  const message = document.createElement('p');
  message.className = 'framing-refusal';
  message.textContent = refusal;
  root.replaceChildren(message);
  root.dataset.playerState = 'failed';
}
