/*
 * The app's code for a page the server rendered (docs/decisions/141-app-code-after-first-paint.md). The page paints
 * from its HTML and styles; its scripts only take it over (hydration). The server leaves them out of the page and lists
 * them in #hibi-app-code; this script fetches them once the page has loaded (its images and styles, so they never
 * compete with what the first paint needs), or at once when the visitor starts to use the page, whichever comes first.
 *
 * Until the app has taken the page over (<html data-hydrated>), a button pressed or a form sent would do nothing, or
 * worse: a form without the app is sent by the browser itself, its fields (a password) in the page's address. So this
 * script holds them: the last one is done again once the app has taken over, if its element is still on the page.
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
  var root = document.documentElement;
  var started = false;
  var hints = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'];
  var held = null;

  function start() {
    var i;
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

  function hydrated() {
    return root.hasAttribute('data-hydrated');
  }

  /**
   * Whether the app takes the page's events itself: from the moment it starts hydrating (<html data-hydrating>; Preact
   * hydrates the page in that same task, and its handlers take every later event).
   */
  function appTakesEvents() {
    return hydrated() || root.hasAttribute('data-hydrating');
  }

  /** A form sent or a button pressed before the app runs: kept (the last one) and done again once it does. */
  function hold(event) {
    if (appTakesEvents()) return;
    var target = event.target;
    if (event.type === 'submit') {
      event.preventDefault();
      held = { form: target, submitter: event.submitter || null };
    } else {
      var button = target && target.closest ? target.closest('button') : null;
      // A submit button's press becomes the form's submit event, held above.
      if (!button || button.disabled || (button.form && button.type === 'submit')) return;
      held = { button: button };
    }
    start();
  }
  addEventListener('submit', hold, true);
  addEventListener('click', hold, true);

  /**
   * What the visitor typed before the app ran. Hydration leaves the text in the fields but the app's own state empty, so
   * each field typed into is told again, as typing would: its value set to the server's through whatever the framework
   * keeps on the element (React records the field's text as the value it knows), then to the text by the native setter,
   * then an input event.
   */
  var typed = [];
  var values = [];
  function remember(event) {
    var field = event.target;
    if (appTakesEvents() || !field || !('value' in field)) return;
    if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file') return;
    var at = typed.indexOf(field);
    if (at < 0) {
      typed.push(field);
      values.push(field.value);
    } else values[at] = field.value;
  }
  addEventListener('input', remember, true);
  function restore() {
    for (var i = 0; i < typed.length; i++) {
      var field = typed[i];
      var text = values[i];
      if (!field.isConnected || text === field.defaultValue) continue;
      // Typed into again since the app took over: the app has that already.
      if (field.value !== text && field.value !== field.defaultValue) continue;
      var native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
      if (!native || !native.set) continue;
      field.value = field.defaultValue;
      native.set.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  function replay() {
    removeEventListener('submit', hold, true);
    removeEventListener('click', hold, true);
    removeEventListener('input', remember, true);
    restore();
    var action = held;
    held = null;
    if (!action) return;
    // After the app has re-rendered with the restored values.
    setTimeout(function () {
      if (action.form && action.form.isConnected) {
        var submitter = action.submitter && action.submitter.isConnected ? action.submitter : undefined;
        if (action.form.requestSubmit) action.form.requestSubmit(submitter);
      } else if (action.button && action.button.isConnected && !action.button.disabled) {
        action.button.click();
      }
    }, 0);
  }
  if (window.MutationObserver) {
    var watch = new MutationObserver(function () {
      if (!hydrated()) return;
      watch.disconnect();
      // After the app's own effects of that commit: its handlers are attached by then.
      setTimeout(replay, 0);
    });
    watch.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  }

  for (var h = 0; h < hints.length; h++) addEventListener(hints[h], start, { capture: true, passive: true });
  /**
   * After the load: once the images in view are decoded, and two frames later, the largest paint has happened (an
   * image can load before the load event and still paint a frame or two after it).
   */
  function afterPaint() {
    var decoding = [];
    for (var i = 0; i < document.images.length; i++) {
      var image = document.images[i];
      var box = image.getBoundingClientRect();
      if (box.bottom > 0 && box.top < innerHeight && box.width > 0 && image.decode) {
        decoding.push(image.decode().catch(function () {}));
      }
    }
    Promise.all(decoding).then(function () {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint);
  // A page whose load never ends (a stalled image) is taken over all the same.
  setTimeout(start, 5000);
})();
