// Draws index.html's charts from DATA (inlined by HtmlReport): the summary rows, the model's predictions, each
// cell's one-second samples, and the sample keys to draw (DATA.keys, named once in SampleKeys).
const COLORS={platform:'#d9534f',virtual:'#2f6fde',reactive:'#3a9d5d'};
const PALETTE=['#2f6fde','#d9534f','#3a9d5d','#e0a526','#8a5cc2','#6c7a89','#17a2b8'];
const key=r=>(r.variant?r.variant+' ':'')+r.mode;
const modes=[...new Set(DATA.rows.map(key))];
const users=[...new Set(DATA.rows.map(r=>r.users))].sort((a,b)=>a-b);
const color=(m,i)=>COLORS[m]||PALETTE[i%PALETTE.length];
function series(mode,pick){return users.map(u=>{const r=DATA.rows.find(x=>x.users===u&&key(x)===mode);return r?pick(r):null;});}
function line(id,title,datasets,xTitle,yTitle,labels){new Chart(document.getElementById(id),{type:'line',data:{labels,datasets},
  options:{animation:false,maintainAspectRatio:false,plugins:{title:{display:true,text:title},legend:{labels:{boxWidth:12,font:{size:11}}}},scales:{x:{title:{display:true,text:xTitle}},y:{beginAtZero:true,title:{display:true,text:yTitle}}}}});}
line('throughput','Throughput (median req/s) against users',modes.map((m,i)=>({label:m,data:series(m,r=>r.throughput.median),borderColor:color(m,i),backgroundColor:color(m,i)})),'users','req/s',users);
line('latency','p95 and p99 (median ms) against users',modes.flatMap((m,i)=>[
  {label:m+' p95',data:series(m,r=>r.p95.median),borderColor:color(m,i),backgroundColor:color(m,i)},
  {label:m+' p99',data:series(m,r=>r.p99.median),borderColor:color(m,i),backgroundColor:color(m,i),borderDash:[6,4]}]),'users','ms',users);
new Chart(document.getElementById('percell'),{type:'bar',data:{labels:DATA.rows.map(r=>r.cell),datasets:[
  {label:'measured (median req/s)',data:DATA.rows.map(r=>r.throughput.median),backgroundColor:'#2f6fde'},
  {label:'predicted by the model',data:DATA.rows.map(r=>{const m=DATA.model.find(x=>x.cell===r.cell);return m?m.predicted:null;}),backgroundColor:'#c9cfdb'}]},
  options:{animation:false,maintainAspectRatio:false,plugins:{tooltip:{callbacks:{afterLabel:c=>{const m=DATA.model.find(x=>x.cell===c.label);return c.datasetIndex===1&&m?'bound: '+m.bottleneck:'';}}}},scales:{y:{beginAtZero:true,title:{display:true,text:'req/s'}}}}});
DATA.cells.forEach((cell,i)=>{
  const t=cell.samples.map(s=>s[DATA.keys.time]);
  const keys=p=>[...new Set(cell.samples.flatMap(s=>Object.keys(s)))].filter(p);
  const ds=ks=>ks.map((k,j)=>({label:k,data:cell.samples.map(s=>s[k]??null),borderColor:PALETTE[j%PALETTE.length],pointRadius:0,borderWidth:1.5}));
  line('cpu'+i,'CPU (cores)',ds(keys(k=>k.startsWith(DATA.keys.cpuPrefix))),'s','cores',t);
  line('heap'+i,'Heap used (MB)',ds(cell.heap),'s','MB',t);
  line('threads'+i,'Threads and connections',ds(cell.threads),'s','count',t);
});
