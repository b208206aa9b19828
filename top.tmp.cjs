const p = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const self = new Map(); const byId = new Map(p.nodes.map(n => [n.id, n]));
const dt = p.timeDeltas; const samples = p.samples;
for (let i = 0; i < samples.length; i++) { const n = byId.get(samples[i]); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) || 0) + (dt[i] || 0)); }
// inclusive by function name
const parent = new Map(); for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const incl = new Map();
for (let i = 0; i < samples.length; i++) { let id = samples[i]; const seen = new Set(); while (id !== undefined) { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) || 0) + (dt[i] || 0)); seen.add(k); } id = parent.get(id); } }
console.log('SELF'); [...self].sort((a, b) => b[1] - a[1]).slice(0, 15).forEach(([k, v]) => console.log((v / 1000).toFixed(0).padStart(6), k));
console.log('INCLUSIVE'); [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => /src\/lib|lib\//.test(k)).slice(0, 30).forEach(([k, v]) => console.log((v / 1000).toFixed(0).padStart(6), k));
