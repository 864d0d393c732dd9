/*
 * The app's code for a page the server rendered (docs/decisions/141-app-code-after-first-paint.md). The page paints
 * from its HTML and styles; its scripts only take it over (hydration). The server leaves them out of the page and lists
 * them in #hibi-app-code; this script fetches them once the page has loaded (its images and styles, so they never
 * compete with what the first paint needs), or at once when the visitor starts to use the page, whichever comes first.
 */
(function () {
  var list = document.getElementById('hibi-app-code');
  if (!list) return;
  var code;
  try {
    code = JSON.parse(list.textContent || '');
  } catch (e) {
    return;
  }
  var started = false;
  var hints = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'];
  var i;
  function start() {
    if (started) return;
    started = true;
    for (i = 0; i < hints.length; i++) removeEventListener(hints[i], start, true);
    var head = document.head;
    var modules = code.modules || [];
    for (i = 0; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.entry;
    head.appendChild(script);
  }
  for (i = 0; i < hints.length; i++) addEventListener(hints[i], start, { capture: true, passive: true });
  // After the frame that follows the load: the largest paint has happened by then.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint);
  // A page whose load never ends (a stalled image) is taken over all the same.
  setTimeout(start, 5000);
})();
