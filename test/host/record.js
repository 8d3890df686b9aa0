// Keeps what the page hears from the player: raw messages, and the web component's DOM events.
window.heard = [];
window.componentHeard = [];
addEventListener('message', (e) => {
  if (e.data && e.data.api === 'bank-conflict-player') window.heard.push({ ...e.data, origin: e.origin });
});
for (const element of document.querySelectorAll('bank-conflict-player')) {
  for (const name of ['ready', 'state', 'scene', 'round', 'beat', 'prediction', 'ended', 'error']) {
    element.addEventListener(name, (e) => window.componentHeard.push(e.detail));
  }
}
