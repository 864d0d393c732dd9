/* Plain ES3 so that Internet Explorer itself can run it: shows the switch-browser notice. */
(function () {
  var ua = window.navigator.userAgent;
  if (ua.indexOf('MSIE ') < 0 && ua.indexOf('Trident/') < 0) return;
  document.documentElement.className += ' is-ie';
  document.addEventListener('DOMContentLoaded', function () {
    var notice = document.getElementById('ie-notice');
    if (notice) notice.removeAttribute('hidden');
  });
})();
