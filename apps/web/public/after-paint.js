// The landing and login pages come prerendered (apps/web/scripts/prerender.mjs) and paint without
// the app. Its script and the hints to fetch its chunks wait in <template id="after-paint"> and go
// into the page once it has painted, so the first paint waits on nothing but the HTML and its style
// sheets, and the app's download and start (hydration, src/main.tsx) come after it. Elements from a
// template's content do not run as scripts, so each is created afresh.
(function () {
  function start() {
    var template = document.getElementById('after-paint');
    if (!template) return;
    Array.prototype.forEach.call(template.content.children, function (hint) {
      var element = document.createElement(hint.localName);
      Array.prototype.forEach.call(hint.attributes, function (attribute) {
        element.setAttribute(attribute.name, attribute.value);
      });
      document.head.appendChild(element);
    });
  }
  // A frame's callbacks run before its paint and the timer after it. A hidden tab paints nothing.
  if (document.hidden) start();
  else requestAnimationFrame(function () { setTimeout(start); });
})();
