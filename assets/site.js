// Browser-only behaviour of the layout: menus, panels, sticky header, scroll-to-top, search,
// click-to-load maps and videos. None of it needs Reflex's state, so none of it travels there.
// React Router's module preloads, held back in the HTML until the first contentful paint is on
// screen (renovation_app/first_paint.py). This file is async, so it usually listens before then.
(function () {
  function preloadModules() {
    document.querySelectorAll("link[data-module]").forEach(function (held) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = held.getAttribute("href");
      document.head.appendChild(link);
      held.remove();
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") < 0) {
    requestAnimationFrame(function () { setTimeout(preloadModules, 0); });
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    preloadModules();
  }).observe({ type: "paint", buffered: true });
})();

(function () {
  if (window.__siteInit) return;
  window.__siteInit = true;
  var root = document.documentElement;

  function panels() { return document.querySelectorAll("[data-panel]"); }
  function setToggles(id, open) {
    document.querySelectorAll('[data-open-panel="' + id + '"]').forEach(function (b) {
      b.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }
  function closePanels() {
    panels().forEach(function (p) { p.dataset.open = "false"; setToggles(p.id, false); });
    root.classList.remove("scroll-locked");
  }
  function openPanel(id) {
    closePanels();
    var panel = document.getElementById(id);
    if (!panel) return;
    panel.dataset.open = "true";
    setToggles(id, true);
    root.classList.add("scroll-locked");
    var focusable = panel.querySelector("input, a, button");
    if (focusable) setTimeout(function () { focusable.focus(); }, 50);
  }
  function toggleSubmenu(button) {
    var open = button.getAttribute("aria-expanded") !== "true";
    document.querySelectorAll("[data-submenu-toggle]").forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
    });
    button.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function loadEmbed(button) {
    var frame = document.createElement("iframe");
    frame.src = button.dataset.src;
    frame.title = button.dataset.title || "";
    frame.className = button.dataset.frameClass || "";
    frame.setAttribute("allow", "autoplay; fullscreen");
    frame.setAttribute("loading", "lazy");
    button.replaceWith(frame);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-open-panel],[data-close-panel],[data-submenu-toggle],[data-load-embed],[data-scroll-top],[data-panel] a");
    if (!target) {
      if (!event.target.closest("[data-submenu]")) {
        document.querySelectorAll("[data-submenu-toggle]").forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
      }
      return;
    }
    if (target.dataset.openPanel) {
      var panel = document.getElementById(target.dataset.openPanel);
      if (panel && panel.dataset.open === "true") closePanels(); else openPanel(target.dataset.openPanel);
    } else if (target.hasAttribute("data-close-panel")) {
      closePanels();
    } else if (target.hasAttribute("data-submenu-toggle")) {
      toggleSubmenu(target);
    } else if (target.hasAttribute("data-load-embed")) {
      loadEmbed(target);
    } else if (target.hasAttribute("data-scroll-top")) {
      window.scrollTo({ top: 0, behavior: "smooth" });
    } else {
      closePanels();  // a link inside a panel was followed
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      closePanels();
      document.querySelectorAll("[data-submenu-toggle]").forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
    }
  });

  // Written only when they change: a new attribute on <html> restyles the whole page.
  function setFlag(name, on) {
    if ((root.dataset[name] === "true") !== on) root.dataset[name] = on ? "true" : "false";
  }
  function onScroll() {
    var y = window.scrollY;
    setFlag("scrolled", y > 100);
    setFlag("showTop", y > 200);
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  // A page opened mid-way down (reload, back) is checked after its first frame: reading scrollY
  // before then forces a layout while the page is still on its way to the first paint.
  requestAnimationFrame(function () { setTimeout(onScroll, 0); });

  // Every route change starts at the top of the page with the menus closed.
  var push = history.pushState;
  history.pushState = function () {
    var result = push.apply(this, arguments);
    closePanels();
    document.querySelectorAll("[data-submenu-toggle]").forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
    window.scrollTo(0, 0);
    return result;
  };

  // The search boxes (side panel, mobile menu): the index (/api/search-index) is fetched when a
  // box first gets focus; each box lists its matches as links, copies of its hidden prototype.
  var searchIndex = null;
  function loadSearchIndex() {
    if (!searchIndex) {
      searchIndex = fetch("/api/search-index", { credentials: "same-origin" })
        .then(function (answer) { if (!answer.ok) throw new Error(answer.status); return answer.json(); })
        .catch(function () { searchIndex = null; return null; });  // asked again on the next key
    }
    return searchIndex;
  }
  function showMatches(input, entries) {
    var list = input.closest("[data-search]").querySelector("[data-search-results]");
    var prototype = list.querySelector("[data-search-prototype]");
    var empty = list.querySelector("[data-search-empty]");
    var failed = list.querySelector("[data-search-failed]");
    var query = input.value.trim().toLowerCase();
    list.querySelectorAll("[data-search-result]").forEach(function (old) { old.remove(); });
    failed.hidden = !(query && !entries);
    if (!query || !entries) { empty.hidden = true; return; }
    var matches = entries.filter(function (entry) { return entry.text.indexOf(query) !== -1; });
    matches.forEach(function (entry) {
      var item = prototype.cloneNode(true);
      item.removeAttribute("data-search-prototype");
      item.setAttribute("data-search-result", "");
      item.hidden = false;
      var link = item.querySelector("a");
      link.href = entry.href;
      link.textContent = entry.label;
      list.insertBefore(item, empty);
    });
    empty.hidden = matches.length > 0;
  }
  document.addEventListener("focusin", function (event) {
    if (event.target.hasAttribute("data-site-search")) loadSearchIndex();
  });
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.hasAttribute("data-site-search")) return;
    loadSearchIndex().then(function (entries) { showMatches(input, entries); });
  });
})();

// Pictures past a page's first screenfuls (a gallery's, a project page's) wait in an inert
// <template data-waiting-for="ID"> (nothing of them is laid out or loaded): they join the
// element ID when the visitor scrolls near its end, presses its "Show more" button
// (data-reveal="ID"), or opens the lightbox (which steps through them all). ID is static HTML
// that React does not hydrate, so moving them in never upsets it.
window.renovationReveal = function (id) {
  var waiting = document.querySelectorAll(id ? 'template[data-waiting-for="' + id + '"]' : "template[data-waiting-for]");
  Array.prototype.forEach.call(waiting, function (template) {
    var target = document.getElementById(template.dataset.waitingFor);
    if (target) target.appendChild(template.content);
    template.remove();
    var button = document.querySelector('[data-reveal="' + template.dataset.waitingFor + '"]');
    if (button) button.remove();
  });
};
(function () {
  function start() {
    var near = "IntersectionObserver" in window && new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        near.unobserve(entry.target);
        window.renovationReveal(entry.target.dataset.reveal);
      });
    }, { rootMargin: "800px 0px" });
    Array.prototype.forEach.call(document.querySelectorAll("[data-reveal]"), function (button) {
      var template = document.querySelector('template[data-waiting-for="' + button.dataset.reveal + '"]');
      if (!template || !template.content.querySelector("a")) { button.remove(); return; }
      button.hidden = false;
      button.addEventListener("click", function () { window.renovationReveal(button.dataset.reveal); });
      // Watched from the first scroll on: a visit that does not scroll loads nothing more, so
      // the first paint and its pictures have the connection to themselves.
      if (near) window.addEventListener("scroll", function () { near.observe(button); }, { once: true, passive: true });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// Gallery lightbox: a link to the large picture, shown in a <dialog> when JavaScript runs.
// Escape closes it (the dialog's own behaviour); the arrow keys and buttons step through the set.
(function () {
  var shownIndex = 0;
  function pictures() { return document.querySelectorAll("[data-lightbox]"); }
  function show(index) {
    var all = pictures();
    if (!all.length) return;
    shownIndex = (index + all.length) % all.length;
    var link = all[shownIndex];
    var image = document.getElementById("lightbox-image");
    image.src = link.getAttribute("href");
    image.alt = link.dataset.caption || "";
    document.getElementById("lightbox-caption").textContent = link.dataset.caption || "";
  }
  document.addEventListener("click", function (event) {
    var dialog = document.getElementById("lightbox");
    if (!dialog) return;
    if (event.target.closest("[data-lightbox-close]") || event.target === dialog) { dialog.close(); return; }
    var step = event.target.closest("[data-lightbox-step]");
    if (step) { show(shownIndex + Number(step.dataset.lightboxStep)); return; }
    var link = event.target.closest("[data-lightbox]");
    if (!link) return;
    event.preventDefault();
    window.renovationReveal();
    show(Array.prototype.indexOf.call(pictures(), link));
    dialog.showModal();
  });
  document.addEventListener("keydown", function (event) {
    var dialog = document.getElementById("lightbox");
    if (!dialog || !dialog.open) return;
    if (event.key === "ArrowRight") { event.preventDefault(); show(shownIndex + 1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); show(shownIndex - 1); }
  });
})();

// Staff sign-in and sign-out over HTTP, so the server can set and clear the session cookie
// (HttpOnly: no page script, this one included, can read it). A full page load follows, so the
// websocket reconnects with the new cookie.
window.renovation = {
  // Posts a form's named fields as JSON; resolves to the answer's JSON with `ok` added (or an
  // error to show when the server cannot be reached).
  postForm: function (form, url) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name) fields[field.name] = field.value;
    });
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fields),
      credentials: "same-origin",
    }).then(function (answer) {
      return answer.json().then(
        function (body) { body.ok = answer.ok; return body; },
        function () { return { ok: answer.ok, error: "" }; }
      );
    }, function () {
      return { ok: false, error: "The server could not be reached. Check the connection and try again." };
    });
  },
  // An accepted invitation signs the person in: on to the dashboard.
  welcome: function (form) {
    return window.renovation.postForm(form, "/api/welcome").then(function (result) {
      if (result.ok) window.location.assign("/dashboard?signed_in=1");
      return result;
    });
  },
  signIn: function (form) {
    return window.renovation.postForm(form, "/api/session").then(function (result) {
      if (result.ok) {
        // From /login to the dashboard; from a staff page that asked for a sign-in, back to it.
        // A path that starts with "//" would leave the site (protocol-relative): not followed.
        var here = window.location.pathname.replace(/\/+$/, "");
        var home = here === "/login" || here === "" || here.indexOf("//") === 0;
        var next = home ? "/dashboard" : here + window.location.search;
        window.location.assign(next + (next.indexOf("?") < 0 ? "?" : "&") + "signed_in=1");
      }
      return result;
    });
  },
  signOut: function () {
    return fetch("/api/session", { method: "DELETE", credentials: "same-origin" })
      .catch(function () { console.log("Error in Signing Out"); })
      .then(function () { window.location.replace("/"); });
  },
  // Fills the staff form's fields by id (a customer picked from the suggestions): the fields
  // keep their own values, so the server sets them here.
  fillFields: function (values) {
    Object.keys(values).forEach(function (id) {
      var field = document.getElementById(id);
      if (field) field.value = values[id];
    });
  },
};

// The pay page's first paint is the server's HTML (api/pay_first_paint.py); its pay buttons
// work before the page's JavaScript does: a press is remembered and made again on the live
// button as soon as the page has taken the first paint's place.
(function () {
  var wanted = "";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-first-paint-click]");
    if (!button) return;
    wanted = button.getAttribute("data-first-paint-click");
    button.disabled = true;
    button.textContent = "Loading...";
    new MutationObserver(function (_, observer) {
      var live = document.querySelector('[data-testid="' + wanted + '"]');
      if (!live) return;
      observer.disconnect();
      live.click();
    }).observe(document.body, { childList: true, subtree: true });
  });
})();
