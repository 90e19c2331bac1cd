// Loaded first by the prerendered landing and login pages (scripts/prerender.mjs), as a classic
// script, so it runs before the page can be used. A form sent before its island has started
// (src/islands.tsx) would otherwise be sent by the browser itself, reloading the page and losing
// it: the submit is stopped here and the form kept, and the island sends it once it runs, with
// what was typed.
(function () {
  var held = [];
  window.tightlinesHeldSubmits = held;
  document.addEventListener(
    'submit',
    function (event) {
      var island = event.target.closest && event.target.closest('[data-island]');
      if (!island || island.hasAttribute('data-live')) return;
      event.preventDefault();
      if (held.indexOf(event.target) < 0) held.push(event.target);
    },
    true,
  );
})();
