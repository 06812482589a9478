// SPDX-License-Identifier: GPL-2.0-or-later
#include "settings_assets.hpp"

namespace purse::http::settings_assets {

std::string_view stylesheet() {
  return R"CSS(:root{color-scheme:light dark;--fg:#1d2330;--bg:#f6f7f9;--card:#fff;
--muted:#667085;--accent:#2755c7;--bad:#b42318;--ok:#067647;--line:#d0d5dd}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8ec;--bg:#14171c;
--card:#1d2129;--muted:#98a2b3;--accent:#7aa2ff;--bad:#f97066;--ok:#47cd89;
--line:#344054}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);
background:var(--bg)}
header{display:flex;justify-content:space-between;align-items:center;
padding:.6rem 1rem;border-bottom:1px solid var(--line);background:var(--card)}
.brand{font-weight:700}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
h3{font-size:1rem;margin:0 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;
padding:1rem;margin:.75rem 0}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}
input,select{width:100%;max-width:24rem;padding:.5rem;font:inherit;
border:1px solid var(--line);border-radius:6px;background:var(--bg);
color:var(--fg)}
button{margin-top:.75rem;padding:.5rem 1rem;font:inherit;border:0;
border-radius:6px;background:var(--accent);color:#fff;cursor:pointer}
header button{margin:0;background:transparent;color:var(--accent);
border:1px solid var(--line)}
button.danger{background:var(--bad)}
.copyrow{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.copyrow button{margin:0}
code{font-family:ui-monospace,monospace;font-size:.9em;word-break:break-all}
#secret{display:block;padding:.5rem;background:var(--bg);
border:1px dashed var(--line);border-radius:6px;user-select:all}
.secret{border-color:var(--ok)}
.notice{border-color:var(--accent)}
.error{color:var(--bad);font-weight:600}
.info{color:var(--ok);font-weight:600}
.muted{color:var(--muted)}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);
vertical-align:top}
tr.new{background:rgba(6,118,71,.08)}
.state{font-weight:600}.state.active{color:var(--ok)}
.state.revoked,.state.expired{color:var(--muted)}
td.bar{white-space:nowrap}
td.bar progress{width:8rem;max-width:60%;vertical-align:middle}
@media (max-width:40rem){th,td{padding:.3rem;font-size:.9rem}
main{padding:.5rem}}
)CSS";
}

std::string_view script() {
  return R"JS('use strict';
// Progressive enhancement only: a copy button for the new key's secret.
document.querySelectorAll('button.copy[data-copy]').forEach(function (b) {
  var target = document.getElementById(b.getAttribute('data-copy'));
  if (!target || !navigator.clipboard) return;
  b.hidden = false;
  b.addEventListener('click', function () {
    navigator.clipboard.writeText(target.textContent).then(function () {
      b.textContent = 'Copied';
    }, function () {
      b.textContent = 'Select and copy it';
    });
  });
});
)JS";
}

} // namespace purse::http::settings_assets
