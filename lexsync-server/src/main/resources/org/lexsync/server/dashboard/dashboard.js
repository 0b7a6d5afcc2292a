// The dashboard's only script (served from /static/, so the pages run under a CSP without inline script).
// The admin/reader token lives in this tab's sessionStorage only: never in a cookie, a URL or localStorage.
(function () {
  'use strict';
  var KEY = 'lexsync-token';
  var timer = null;

  function token() {
    return sessionStorage.getItem(KEY) || '';
  }

  // The header's tools: the token box, auto-refresh, and the run-now/pause/resume buttons posting to the API.
  function tools(refresh) {
    var box = document.getElementById('token');
    var auto = document.getElementById('auto');
    var status = document.getElementById('action-status');
    if (!box || !auto || !status) {
      return;
    }
    box.value = token();
    box.addEventListener('input', function () { sessionStorage.setItem(KEY, box.value); });
    auto.checked = sessionStorage.getItem('lexsync-auto') !== 'off';
    auto.addEventListener('change', function () {
      sessionStorage.setItem('lexsync-auto', auto.checked ? 'on' : 'off');
    });
    document.querySelectorAll('button[data-action]').forEach(function (b) {
      b.addEventListener('click', function () {
        // the overview's buttons leave the source to their row's data-source
        var src = b.getAttribute('data-source') || b.closest('[data-source]').getAttribute('data-source'),
            act = b.getAttribute('data-action');
        status.textContent = act + ' ' + src + ' …';
        fetch('/api/sources/' + encodeURIComponent(src) + '/' + act, {method: 'POST',
            headers: {'Authorization': 'Bearer ' + box.value}})
          .then(function (r) {
            return r.text().then(function (t) {
              var msg = t;
              try { msg = JSON.parse(t).error || t; } catch (e) { /* not JSON: show as is */ }
              if (r.ok) {
                status.textContent = act + ' ' + src + ': done';
                setTimeout(refresh, 1500);
              } else {
                status.textContent = act + ' ' + src + ': HTTP ' + r.status + ' ' + msg;
              }
            });
          })
          .catch(function (e) { status.textContent = act + ' ' + src + ': ' + e; });
      });
    });
    return {auto: auto, box: box};
  }

  // Reads closed (server.open-reads: false): the page asks for itself again with the token and shows the answer.
  function fetched(onRefused) {
    fetch(location.href, {headers: {'Authorization': 'Bearer ' + token(), 'Accept': 'text/html'}})
      .then(function (r) {
        return r.text().then(function (t) {
          if (r.status === 401) {
            onRefused('the server refused this token');
            return;
          }
          var doc = new DOMParser().parseFromString(t, 'text/html');
          document.title = doc.title;
          document.body.replaceWith(document.adoptNode(doc.body));
          start(function () { fetched(onRefused); });
        });
      })
      .catch(function (e) { onRefused(String(e)); });
  }

  function start(refresh) {
    var t = tools(refresh);
    if (!t) {
      return;
    }
    if (timer !== null) {
      clearInterval(timer);
    }
    timer = setInterval(function () {
      if (t.auto.checked && document.activeElement !== t.box) {
        refresh();
      }
    }, 15000);
  }

  function login(form) {
    var input = document.getElementById('login-token');
    var status = document.getElementById('login-status');
    function refused(why) {
      sessionStorage.removeItem(KEY);
      if (document.body.contains(status)) {
        status.textContent = why;
      } else {
        location.reload();   // refused after the page was shown (token revoked): back to the sign-in form
      }
    }
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      sessionStorage.setItem(KEY, input.value);
      status.textContent = '';
      fetched(refused);
    });
    if (token()) {
      fetched(refused);
    }
  }

  // A running harvest's page: its progress from GET /api/runs/{id} every second, until the run has finished.
  function follow(section) {
    var run = section.getAttribute('data-run');
    var stalled = document.getElementById('stalled');
    var poll = setInterval(function () {
      fetch('/api/runs/' + encodeURIComponent(run), {headers: token() ? {'Authorization': 'Bearer ' + token()} : {}})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          if (!d) {
            return;
          }
          if (d.run.finished || !d.progress) {
            clearInterval(poll);
            location.reload();   // the final counts
            return;
          }
          var p = d.progress;
          section.querySelectorAll('[data-progress]').forEach(function (e) {
            var f = e.getAttribute('data-progress');
            var v = p[f];
            e.textContent = f === 'expected' ? (v == null ? '' : ' (' + v + ' expected)')
              : f === 'changesPerSecond' ? Number(v).toFixed(2) : String(v);
          });
          stalled.hidden = p.stalledSeconds == null;
          stalled.textContent = p.stalledSeconds == null ? '' : 'No progress for ' + p.stalledSeconds + ' s.';
        })
        .catch(function () { /* the next poll tries again */ });
    }, 1000);
  }

  function init() {
    var form = document.getElementById('login');
    if (form) {
      login(form);
    } else {
      start(function () { location.reload(); });
      var section = document.getElementById('progress');
      if (section) {
        follow(section);
      }
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
})();
