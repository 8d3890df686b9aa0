// The player, with this page's query as its link; on the course page's origin, a stranger's page
// (the third origin) framed beside it.
document.getElementById('player').src = '%PLAYER%' + location.search;
const stranger = document.getElementById('stranger');
if (location.port === '4318') stranger.src = 'http://127.0.0.1:4319/index.html';
else stranger.remove();
