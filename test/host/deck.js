// The README's reveal.js example: the clicker steps through the player's beats, and when the
// player says it has stepped past its last one, the deck moves on and takes the keys back.
Reveal.initialize({ hash: true, transition: 'none' });
const player = document.getElementById('player');
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
