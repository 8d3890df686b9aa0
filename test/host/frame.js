// The player, with this page's query as its link; on the course page's origin, a stranger's page
// (the third origin) framed beside it.
document.getElementById('player').src = '%PLAYER%' + location.search;
const stranger = document.getElementById('stranger');
if (location.origin === '%HOST%') stranger.src = '%THIRD%/index.html';
else stranger.remove();
