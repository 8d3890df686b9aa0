import { readPlayerLink } from './session/playerUrl';
import { getFramingRefusal } from './ui/mountEmbed';
import { mountPlayer } from './ui/mountPlayer';
import './ui/player.css';
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
