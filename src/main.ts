import { parsePlayerUrl } from './session/playerUrl';
import { getFramingRefusal } from './ui/mountEmbed';
import { mountPlayer } from './ui/mountPlayer';
import './ui/player.css';
import './ui/responsive.css';
import './ui/embed.css';

const root = document.querySelector<HTMLElement>('.player')!;
// Only the framing options are read here; the session reads (and reports on) the whole link.
const refusal = getFramingRefusal(parsePlayerUrl(location.search, []).origins);
if (refusal === null) await mountPlayer(root);
else {
  const message = document.createElement('p');
  message.className = 'framing-refusal';
  message.textContent = refusal;
  root.replaceChildren(message);
  root.dataset.playerState = 'failed';
}
