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

  // The entry passes the app kept for the door (issue 33, src/lib/passes.ts): shown without a connection.
  function showPasses(block, passes, now) {
    var section = block && block.querySelector('.offline__passes');
    if (!section) return;
    var list = section.querySelector('.offline__pass-list');
    var shown = 0;
    for (var k = 0; k < passes.length; k++) {
      var p = passes[k];
      if (!p || typeof p.token !== 'string' || typeof p.qr !== 'string' || p.qr.indexOf('data:image/png;base64,') !== 0) continue;
      if (typeof p.endAt === 'number' && p.endAt + 86400000 < now) continue;
      var item = document.createElement('li');
      item.className = 'offline__pass';
      var heading = document.createElement('h3');
      heading.textContent = String(p.eventTitle || '');
      var session = document.createElement('p');
      session.textContent = String(p.sessionTitle || '') + ' ' + String(p.when || '');
      var image = document.createElement('img');
      image.src = p.qr;
      image.alt = String(p.token);
      image.width = 240;
      image.height = 240;
      var code = document.createElement('code');
      // The short code typed at the door (decision 178), or the token of a pass kept before it.
      code.textContent =
        typeof p.code === 'string' && /^[0-9A-Z]{10}$/.test(p.code)
          ? p.code.slice(0, 5) + '-' + p.code.slice(5)
          : String(p.token).replace(/(.{4})(?=.)/g, '$1-');
      item.appendChild(heading);
      item.appendChild(session);
      item.appendChild(image);
      item.appendChild(code);
      list.appendChild(item);
      shown++;
    }
    section.hidden = shown === 0;
  }
  var passes = [];
  try {
    passes = JSON.parse(localStorage.getItem('hibi.passes') || '[]');
  } catch (e) {}
  if (Object.prototype.toString.call(passes) === '[object Array]') {
    showPasses(document.querySelector('[data-lang="' + language + '"]'), passes, Date.now());
  }

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
