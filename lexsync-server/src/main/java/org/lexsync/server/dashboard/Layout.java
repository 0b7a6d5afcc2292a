package org.lexsync.server.dashboard;

/**
 * The frame of every dashboard page: title, navigation, the token box for the buttons, inline CSS and the few
 * lines of inline JavaScript (auto-refresh every 15 s unless switched off, and the run-now/pause/resume buttons
 * posting to {@code /api/sources/{id}/run|pause|resume} with {@code Authorization: Bearer} and the token kept in
 * sessionStorage). Nothing is loaded from elsewhere.
 */
final class Layout {
    static final String[][] NAV = {
            {"/", "Sources"}, {"/failures", "Failures"}, {"/hosts", "Hosts"}, {"/store", "Store"}, {"/uploads", "Uploads"}, {"/checks", "Checks"}};

    private static final String CSS = """
            body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
            header{background:#1d2430;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
            header a{color:#cfe0ff;text-decoration:none}header a.here{color:#fff;font-weight:600}
            header .brand{font-weight:700;margin-right:8px}header .tools{margin-left:auto;display:flex;gap:8px;align-items:center}
            main{padding:12px 16px}h1{font-size:20px;margin:4px 0 12px}h2{font-size:16px;margin:20px 0 8px}
            table{border-collapse:collapse;background:#fff;width:100%;margin-bottom:12px}
            th,td{border-bottom:1px solid #e3e6ea;padding:4px 8px;text-align:left;vertical-align:top}
            th{background:#eef1f5;font-weight:600}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;vertical-align:middle}
            .ok .dot{background:#2e9d4a}.warning .dot{background:#e0a100}.failing .dot,.stale .dot{background:#d0312d}
            .new .dot{background:#9aa3ad}tr.failing td.health,tr.stale td.health{color:#b3261e;font-weight:600}
            .age-red,td.bad{color:#b3261e;font-weight:600}.muted{color:#6b7480}.totals span{margin-right:16px}
            .msg{font-family:ui-monospace,monospace;font-size:12px;white-space:pre-wrap;word-break:break-all}
            button{font-size:12px;padding:2px 6px;margin-right:2px}#action-status{margin-left:8px}
            dl{display:grid;grid-template-columns:max-content auto;gap:2px 16px;background:#fff;padding:8px;margin:0 0 12px}
            dt{font-weight:600}svg text{font-size:10px;fill:#4a5360}td.health,td.actions{white-space:nowrap}
            #counts{width:auto}#counts td,#counts th{min-width:80px}
            .banner{background:#fdecea;border:1px solid #d0312d;color:#7a1c17;padding:8px 12px;margin:0 0 12px}
            """;

    private static final String SCRIPT = """
            (function(){
              var KEY='lexsync-token', box=document.getElementById('token'), auto=document.getElementById('auto');
              var status=document.getElementById('action-status');
              box.value=sessionStorage.getItem(KEY)||'';
              box.addEventListener('input',function(){sessionStorage.setItem(KEY,box.value);});
              auto.checked=sessionStorage.getItem('lexsync-auto')!=='off';
              auto.addEventListener('change',function(){sessionStorage.setItem('lexsync-auto',auto.checked?'on':'off');});
              setInterval(function(){
                if(auto.checked&&document.activeElement!==box){location.reload();}
              },15000);
              document.querySelectorAll('button[data-action]').forEach(function(b){
                b.addEventListener('click',function(){
                  var src=b.getAttribute('data-source'), act=b.getAttribute('data-action');
                  status.textContent=act+' '+src+' …';
                  fetch('/api/sources/'+encodeURIComponent(src)+'/'+act,{method:'POST',
                      headers:{'Authorization':'Bearer '+box.value}})
                    .then(function(r){return r.text().then(function(t){
                      var msg=t; try{msg=JSON.parse(t).error||t;}catch(e){}
                      if(r.ok){status.textContent=act+' '+src+': done';setTimeout(function(){location.reload();},1500);}
                      else{status.textContent=act+' '+src+': HTTP '+r.status+' '+msg;}
                    });})
                    .catch(function(e){status.textContent=act+' '+src+': '+e;});
                });
              });
            })();
            """;

    private Layout() {
    }

    /** {@code page} (made by {@link #page}) with {@code notice} at the top of its main part, above the page's own. */
    static String withNotice(String page, Html notice) {
        String n = notice.toString();
        int main = page.indexOf("<main>");
        return n.isEmpty() || main < 0 ? page : page.substring(0, main + 6) + n + page.substring(main + 6);
    }

    /** The whole document around {@code body}; {@code here} is the navigation entry to highlight. */
    static String page(String title, String here, Html body) {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .raw("<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">")
                .raw("<title>").text(title).raw(" · LexSync</title><style>").raw(CSS).raw("</style></head><body>")
                .raw("<header><span class=\"brand\">LexSync</span>");
        for (String[] nav : NAV) {
            h.raw("<a").attr("href", nav[0]).raw(nav[0].equals(here) ? " class=\"here\"" : "").raw(">")
                    .text(nav[1]).raw("</a>");
        }
        h.raw("<span class=\"tools\"><label>token <input id=\"token\" type=\"password\" size=\"16\"")
                .raw(" autocomplete=\"off\" placeholder=\"for the buttons\"></label>")
                .raw("<label><input id=\"auto\" type=\"checkbox\"> auto-refresh</label>")
                .raw("<span id=\"action-status\" role=\"status\"></span></span></header><main>")
                .raw(body.toString())
                .raw("</main><script>").raw(SCRIPT).raw("</script></body></html>");
        return h.toString();
    }
}
