// The reveal.js example of docs/instructors.md: the clicker steps through the player's beats, and when the
// player says it has stepped past its last one, the deck moves on and takes the keys back.
Reveal.initialize({ hash: true, transition: 'none' });
const player = document.getElementById('player');
// The tests also show a scene that asks a question first: the deck's link may name the scene.
const scene = new URLSearchParams(location.search).get('scene');
if (scene) player.src = player.src.replace(/scene=[\w-]+/, `scene=${scene}`);
addEventListener('message', (e) => {
  if (e.source !== player.contentWindow) return;
  const message = e.data;
  if (message?.api !== 'bank-conflict-player' || message.event !== 'ended' || !message.stepped) return;
  Reveal.next();
  player.blur();
});
// On the player's slide, the clicker's keys go to the player.
Reveal.on('slidechanged', (e) => {
  if (e.currentSlide.contains(player)) player.focus();
});
