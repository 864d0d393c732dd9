/*
 * The offline page's script (offline.html, shown by the service worker when a page cannot be fetched): shows the
 * message in the member's language and loads the page again. A plain script on purpose: the page needs nothing of the
 * app's code. The language: the one chosen in the app (the key src/lib/i18n.ts stores), else the browser's first
 * English or Japanese language, else Japanese (the app's default).
 */
(function () {
  function offlineLanguage(saved, browser) {
    if (saved === 'ja' || saved === 'en') return saved;
    for (var i = 0; i < browser.length; i++) {
      var primary = String(browser[i]).toLowerCase().split('-')[0];
      if (primary === 'ja' || primary === 'en') return primary;
    }
    return 'ja';
  }
  window.hibiOfflineLanguage = offlineLanguage;

  var saved = null;
  try {
    saved = localStorage.getItem('hibi.language');
  } catch (e) {}
  var language = offlineLanguage(saved, navigator.languages || [navigator.language]);
  var blocks = document.querySelectorAll('[data-lang]');
  for (var i = 0; i < blocks.length; i++) blocks[i].hidden = blocks[i].getAttribute('data-lang') !== language;
  document.documentElement.lang = language;
  var title = document.querySelector('[data-lang="' + language + '"] [data-title]');
  if (title) document.title = title.getAttribute('data-title');

  var buttons = document.querySelectorAll('.offline__retry');
  for (var j = 0; j < buttons.length; j++) {
    buttons[j].addEventListener('click', function () {
      window.location.reload();
    });
  }
  // The connection is back: load the page the member asked for (the address is still theirs).
  window.addEventListener('online', function () {
    window.location.reload();
  });
})();
