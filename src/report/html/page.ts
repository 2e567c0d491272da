import { pageConstant } from './safe-html.ts'

// The stylesheet and the script of the HTML report, inlined into the page so it works offline.
// Both are constants: the page's content security policy allows exactly these two by their hashes.

export const STYLE = pageConstant`
:root{--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;
--NEW_CRITICAL_FAILURE:#cf222e;--REGRESSED:#e16f24;--INCOMPLETE:#8250df;--IMPROVED:#1a7f37;--UNCHANGED:#8c959f}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1280px;padding:16px 24px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:24px 0 8px}h4{margin:14px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
code,pre{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);padding:8px;border-radius:6px;margin:4px 0;max-height:360px;overflow-y:auto}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{border:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere;word-break:break-word}
thead th{background:var(--soft)}
.muted{color:var(--muted)}
.gate{display:inline-block;font-weight:700;padding:1px 8px;border-radius:4px;color:#fff}
.g-PASS{background:#1a7f37}.g-WARN{background:#9a6700}.g-BLOCK{background:#cf222e}
.pill{display:inline-block;padding:0 7px;border-radius:10px;color:#fff;font-size:12px;font-weight:600}
.pill.k-NEW_CRITICAL_FAILURE,.chip.k-NEW_CRITICAL_FAILURE{background:var(--NEW_CRITICAL_FAILURE)}.cell.k-NEW_CRITICAL_FAILURE{background:color-mix(in srgb,var(--NEW_CRITICAL_FAILURE) 22%,#fff);border-left:4px solid var(--NEW_CRITICAL_FAILURE)}
.pill.k-REGRESSED,.chip.k-REGRESSED{background:var(--REGRESSED)}.cell.k-REGRESSED{background:color-mix(in srgb,var(--REGRESSED) 22%,#fff);border-left:4px solid var(--REGRESSED)}
.pill.k-INCOMPLETE,.chip.k-INCOMPLETE{background:var(--INCOMPLETE)}.cell.k-INCOMPLETE{background:color-mix(in srgb,var(--INCOMPLETE) 22%,#fff);border-left:4px solid var(--INCOMPLETE)}
.pill.k-IMPROVED,.chip.k-IMPROVED{background:var(--IMPROVED)}.cell.k-IMPROVED{background:color-mix(in srgb,var(--IMPROVED) 22%,#fff);border-left:4px solid var(--IMPROVED)}
.pill.k-UNCHANGED,.chip.k-UNCHANGED{background:var(--UNCHANGED)}.cell.k-UNCHANGED{background:color-mix(in srgb,var(--UNCHANGED) 14%,#fff);border-left:4px solid var(--UNCHANGED)}
.matrix th.scenario{width:30%}.matrix .cell a{color:inherit;text-decoration:none;display:block;font-weight:600;font-size:12.5px}
.matrix .cell.dim{opacity:.25}.matrix tr.hidden,.case.hidden{display:none}
.pair .counts{margin-top:4px}.pair div{margin:2px 0}
.filters{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0}
.chip{display:inline-flex;gap:4px;align-items:center;padding:2px 10px;border-radius:14px;border:1px solid var(--line);cursor:pointer;font-size:12.5px}
.chip[class*=k-]{color:#fff;border-color:transparent}
.case{border:1px solid var(--line);border-radius:8px;margin:10px 0;background:var(--bg)}
.case>summary{padding:8px 12px;cursor:pointer;background:var(--soft);border-radius:8px}
.case:target>summary,.case.targeted>summary{outline:3px solid #0969da}
.case .body{padding:4px 14px 14px}
.link{color:var(--muted);text-decoration:none;margin-left:4px}
.divergence{background:#fff8c5;border-left:4px solid #d4a72c;padding:6px 10px;margin:8px 0}
.grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px}
.lanes .c-num{width:44px}.lanes td.empty{color:var(--muted);text-align:center}
.lanes tr.diverge td,.lanes tr.diverge th{background:#fff8c5;border-top:2px solid #d4a72c}
.lanes tr.diverge-note td{background:#fff8c5;border-bottom:2px solid #d4a72c}
.lanes td.outcome{background:var(--soft)}
.lanes td.turn{background:#ddf4ff;border-top:2px solid #0969da}.turn-head{font-weight:700;color:#0550ae}.turn .reply{margin-top:2px}
ul.turn-failed{margin:4px 0 0;padding-left:18px;color:#a40e26}
.tool{font-weight:700}.arg{margin-right:4px}.arg b{font-weight:600;color:#0550ae}
.status{font:12px ui-monospace,monospace;padding:0 5px;border-radius:4px;background:#dafbe1}
.s-client-error{background:#ffebe9}.s-server-error,.s-no-response{background:#ffcecb}
.badge{display:inline-block;font-size:11.5px;padding:0 6px;border-radius:4px;border:1px solid;margin-left:2px}
.badge.fault{color:#a40e26;border-color:#cf222e;background:#ffebe9}.badge.replay{color:#0550ae;border-color:#0969da;background:#ddf4ff}
.badge.policy{color:#6639ba;border-color:#8250df}.badge.deferred{color:#7d4e00;border-color:#d4a72c}.badge.critical{color:#a40e26;border-color:#cf222e}
ul.changes{margin:4px 0 0;padding-left:18px}ul.changes li{margin:1px 0}.path{color:#953800}
.fold{display:inline}.fold[open]{display:block}.fold summary{cursor:pointer;display:inline}.fold .more{color:var(--muted);font-size:11.5px}
.ch-regressed td:nth-child(3){color:#a40e26}.ch-improved td:nth-child(3){color:#1a7f37}
.v-contradicted{color:#a40e26}.v-backed{color:#1a7f37}.v-no-claim{color:var(--fg)}.v-unverified{color:var(--muted)}
.expectations th:nth-child(1){width:24%}.expectations th:nth-child(2){width:15%}.expectations th:nth-child(3){width:22%}.expectations th:nth-child(4){width:13%}
.verdict-box{max-width:860px}.verdict th:first-child{width:22%}
`

// Filters hide matrix cells and case sections by their data attributes; a deep link opens its case.
export const SCRIPT = pageConstant`
(function(){
var form=document.getElementById('filters');
function apply(){
  var classes=[].slice.call(form.querySelectorAll('input[name=class]:checked')).map(function(i){return i.value});
  var crit=form.querySelector('input[name=critical]');var flaky=form.querySelector('input[name=flaky]');
  function keep(el){return classes.indexOf(el.dataset.class)>=0&&(!crit||!crit.checked||el.dataset.critical==='true')&&(!flaky||!flaky.checked||el.dataset.flaky==='true')}
  document.querySelectorAll('.matrix td.cell[data-class]').forEach(function(td){td.classList.toggle('dim',!keep(td))});
  document.querySelectorAll('.matrix tbody tr').forEach(function(tr){tr.classList.toggle('hidden',!tr.querySelector('td.cell[data-class]:not(.dim)'))});
  document.querySelectorAll('.case').forEach(function(c){c.classList.toggle('hidden',!keep(c))});
}
function target(){
  // A hash that is not valid percent-encoding is taken as written, never thrown on.
  var id=location.hash.slice(1);try{id=decodeURIComponent(id)}catch(e){}if(!id)return;
  var el=document.getElementById(id);if(!el)return;
  document.querySelectorAll('.case.targeted').forEach(function(c){c.classList.remove('targeted')});
  el.open=true;el.classList.add('targeted');el.classList.remove('hidden');el.scrollIntoView();
}
if(form)form.addEventListener('change',apply);
window.addEventListener('hashchange',target);target();
})();
`
