// The Cairn viewer: draws the frames the server simulates (or replays) with three.js.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// Colours as cairn render has them: static stone grey, kinematic sand, dynamic from the palette in
// declaration order.
const PALETTE = [0xd1495b, 0x3c6fd1, 0xedae49, 0x3f9e68, 0x8e5cc2, 0xe07a3f, 0x2ba8a8, 0xc95c9e];
const STATIC = 0xb9b7ae, KINEMATIC = 0xc9a46a;

const view = document.getElementById('view');
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
view.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xdce6f0);
const camera = new THREE.PerspectiveCamera(40, 1, 0.05, 5000);
const controls = new OrbitControls(camera, renderer.domElement);
scene.add(new THREE.HemisphereLight(0xffffff, 0x888877, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(-3.5, 10, 5.5);
scene.add(sun);

const state = {
  description: null, frames: [], end: false, fetching: false, index: 0, playing: false,
  speed: 1, accumulator: 0, last: performance.now(), bodies: [], selected: -1,
};
window.cairnViewer = state; // for tests and for the curious
// Where body i's origin is in the page, CSS pixels (tests click it).
state.project = (i) => {
  const v = state.bodies[i].group.position.clone().project(camera), r = renderer.domElement.getBoundingClientRect();
  return [r.left + (v.x + 1) / 2 * r.width, r.top + (1 - v.y) / 2 * r.height];
};

function shapeGeometry(s) {
  switch (s.kind) {
    case 'sphere': return new THREE.SphereGeometry(s.radius, 32, 16);
    case 'box': return new THREE.BoxGeometry(2 * s.halfExtents[0], 2 * s.halfExtents[1], 2 * s.halfExtents[2]);
    case 'capsule': return new THREE.CapsuleGeometry(s.radius, 2 * s.halfHeight, 8, 32);
    case 'cylinder': return new THREE.CylinderGeometry(s.radius, s.radius, 2 * s.halfHeight, 32);
    case 'hull': case 'mesh': {
      const positions = [];
      const polygons = s.kind === 'hull' ? s.faces : s.triangles;
      for (const poly of polygons) {
        for (let i = 1; i + 1 < poly.length; i++) {
          for (const k of [poly[0], poly[i], poly[i + 1]]) positions.push(...s.vertices[k]);
        }
      }
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
      g.computeVertexNormals();
      return g;
    }
    default: return new THREE.BufferGeometry();
  }
}

function build(description) {
  let dynamicIndex = 0;
  description.bodies.forEach((b, i) => {
    const colour = b.type === 'static' ? STATIC : b.type === 'kinematic' ? KINEMATIC : PALETTE[dynamicIndex++ % PALETTE.length];
    const group = new THREE.Group();
    const material = new THREE.MeshLambertMaterial({ color: colour, side: THREE.DoubleSide });
    for (const s of b.shapes) {
      const mesh = new THREE.Mesh(shapeGeometry(s), material);
      mesh.position.fromArray(s.position);
      mesh.quaternion.fromArray(s.orientation);
      mesh.userData.body = i;
      const edges = new THREE.LineSegments(new THREE.EdgesGeometry(mesh.geometry, 25),
        new THREE.LineBasicMaterial({ color: 0x1e2328, transparent: true, opacity: 0.6 }));
      mesh.add(edges);
      group.add(mesh);
    }
    scene.add(group);
    const box = new THREE.BoxHelper(group, 0x333333);
    box.visible = false;
    scene.add(box);
    state.bodies.push({ group, material, colour: new THREE.Color(colour), box, description: b });
  });
  const joints = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x1e2328 }));
  joints.geometry.setAttribute('position', new THREE.Float32BufferAttribute(new Float32Array(6 * description.joints.length), 3));
  scene.add(joints);
  state.joints = joints;
  state.contactPoints = new THREE.Points(new THREE.BufferGeometry(), new THREE.PointsMaterial({ color: 0xff3300, size: 6, sizeAttenuation: false }));
  state.contactNormals = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0xff3300 }));
  state.impulses = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x7a1fa2 }));
  for (const o of [state.contactPoints, state.contactNormals, state.impulses]) { o.visible = false; scene.add(o); }
  // A grid on the ground: the top of the widest static box, else y = 0.
  let groundY = 0, widest = 0;
  for (const b of description.bodies) {
    if (b.type !== 'static') continue;
    for (const s of b.shapes) {
      if (s.kind === 'box' && s.halfExtents[0] * s.halfExtents[2] > widest) { widest = s.halfExtents[0] * s.halfExtents[2]; groundY = s.position[1] + s.halfExtents[1]; }
    }
  }
  const grid = new THREE.GridHelper(80, 80, 0x555a60, 0x8a8f95);
  grid.material.transparent = true; grid.material.opacity = 0.35;
  grid.position.y = groundY + 0.001;
  state.groundY = groundY;
  scene.add(grid);
}

function frame(i) { return state.frames[Math.max(0, Math.min(i, state.frames.length - 1))]; }

function show(i) {
  const f = frame(i);
  if (!f) return;
  const worldPos = new THREE.Vector3(), worldQuat = new THREE.Quaternion();
  state.bodies.forEach((b, k) => {
    const p = f.bodies[k];
    b.group.position.set(p[0], p[1], p[2]);
    b.group.quaternion.set(p[3], p[4], p[5], p[6]);
    const asleep = p[7] === 0 && b.description.type !== 'static';
    b.material.color.copy(b.colour);
    if (asleep && document.getElementById('tintSleeping').checked) b.material.color.lerp(new THREE.Color(0x8899aa), 0.55);
    if (k === state.selected) b.material.color.lerp(new THREE.Color(0xffffff), 0.35);
    b.group.updateMatrixWorld();
    b.box.visible = document.getElementById('showAabbs').checked;
    if (b.box.visible) b.box.update();
  });
  const jp = state.joints.geometry.attributes.position;
  state.description.joints.forEach((j, n) => {
    for (const [end, body, local] of [[0, j.a, j.localA], [1, j.b, j.localB]]) {
      const v = new THREE.Vector3().fromArray(local).applyMatrix4(state.bodies[body].group.matrixWorld);
      jp.setXYZ(2 * n + end, v.x, v.y, v.z);
    }
  });
  jp.needsUpdate = true;
  const contacts = f.contacts || [];
  const points = [], normals = [], impulses = [];
  for (const c of contacts) {
    points.push(...c.p);
    normals.push(...c.p, c.p[0] + 0.25 * c.n[0], c.p[1] + 0.25 * c.n[1], c.p[2] + 0.25 * c.n[2]);
    const s = Math.min(2, 0.002 * c.impulse);
    impulses.push(...c.p, c.p[0] + s * c.n[0], c.p[1] + s * c.n[1], c.p[2] + s * c.n[2]);
  }
  state.contactPoints.geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
  state.contactNormals.geometry.setAttribute('position', new THREE.Float32BufferAttribute(normals, 3));
  state.impulses.geometry.setAttribute('position', new THREE.Float32BufferAttribute(impulses, 3));
  state.contactPoints.visible = state.contactNormals.visible = document.getElementById('showContacts').checked;
  state.impulses.visible = document.getElementById('showImpulses').checked;
  document.getElementById('clock').textContent = `t = ${f.time.toFixed(3)} s, step ${f.step}`;
  const scrub = document.getElementById('scrub');
  scrub.max = String(state.frames.length - 1);
  scrub.value = String(i);
  const awake = f.bodies.filter((p, k) => p[7] === 1 && state.description.bodies[k].type !== 'static').length;
  document.getElementById('summary').textContent =
    `${state.description.bodies.length} bodies, ${awake} awake, ${contacts.length} contact points`;
  document.getElementById('summary').dataset.bodies = String(state.description.bodies.length);
  showSelected(f);
  drawChart(i);
}

function showSelected(f) {
  const out = document.getElementById('selected');
  if (state.selected < 0) return;
  const b = state.description.bodies[state.selected], p = f.bodies[state.selected], v = f.velocities[state.selected];
  const n = (f.contacts || []).filter(c => c.a === state.selected || c.b === state.selected).length;
  const fmt = (a) => a.map(x => x.toFixed(3)).join(', ');
  out.innerHTML = `<table>
    <tr><td>name</td><td id="selectedName"></td></tr>
    <tr><td>type</td><td>${b.type}</td></tr><tr><td>mass</td><td>${b.mass.toFixed(3)} kg</td></tr>
    <tr><td>position</td><td>(${fmt(p.slice(0, 3))}) m</td></tr>
    <tr><td>orientation</td><td>(${fmt(p.slice(3, 7))})</td></tr>
    <tr><td>velocity</td><td>(${fmt(v.slice(0, 3))}) m/s</td></tr>
    <tr><td>angular velocity</td><td>(${fmt(v.slice(3, 6))}) rad/s</td></tr>
    <tr><td>contact points</td><td>${n}</td></tr>
    <tr><td>asleep</td><td>${p[7] === 0 ? 'yes' : 'no'}</td></tr></table>`;
  document.getElementById('selectedName').textContent = b.name;
}

function drawChart(i) {
  const canvas = document.getElementById('chart'), g = canvas.getContext('2d');
  g.clearRect(0, 0, canvas.width, canvas.height);
  const n = state.frames.length;
  if (n < 2) return;
  const series = [['kinetic', '#d1495b'], ['potential', '#3c6fd1'], ['ms', '#3f9e68']];
  for (const [key, colour] of series) {
    let lo = Infinity, hi = -Infinity;
    for (const f of state.frames) { const y = f[key]; if (y !== null && y !== undefined) { lo = Math.min(lo, y); hi = Math.max(hi, y); } }
    if (!(hi >= lo)) continue;
    const span = hi - lo || 1;
    g.strokeStyle = colour; g.beginPath();
    state.frames.forEach((f, k) => {
      const x = k / (n - 1) * (canvas.width - 2) + 1, y = canvas.height - 2 - (f[key] - lo) / span * (canvas.height - 4);
      k === 0 ? g.moveTo(x, y) : g.lineTo(x, y);
    });
    g.stroke();
  }
  g.strokeStyle = '#000'; g.beginPath();
  const x = i / (n - 1) * (canvas.width - 2) + 1;
  g.moveTo(x, 0); g.lineTo(x, canvas.height); g.stroke();
}

async function fetchMore() {
  if (state.fetching || state.end) return;
  state.fetching = true;
  try {
    const r = await fetch(`/api/frames?from=${state.frames.length}&count=60`);
    const data = await r.json();
    state.frames.push(...data.frames);
    state.end = data.end;
  } finally {
    state.fetching = false;
  }
}

function frameCamera(description) {
  const box = new THREE.Box3();
  const dynamic = state.bodies.filter(b => b.description.type === 'dynamic');
  for (const b of (dynamic.length ? dynamic : state.bodies)) box.expandByObject(b.group);
  const centre = box.getCenter(new THREE.Vector3()), radius = Math.max(0.5, box.getSize(new THREE.Vector3()).length() / 2);
  const distance = 1.15 * radius / Math.sin(THREE.MathUtils.degToRad(20));
  camera.position.copy(centre).add(new THREE.Vector3(0.55, 0.45, 1).normalize().multiplyScalar(distance));
  controls.target.copy(centre);
  controls.update();
}

function resize() {
  const w = view.clientWidth, h = view.clientHeight;
  renderer.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}

function tick(now) {
  const dt = Math.min(0.1, (now - state.last) / 1000);
  state.last = now;
  if (state.description) {
    if (state.playing) {
      state.accumulator += dt * state.speed;
      const stepTime = state.description.world.dt;
      while (state.accumulator >= stepTime) {
        state.accumulator -= stepTime;
        if (state.index + 1 < state.frames.length) state.index++;
        else if (state.end) { state.playing = false; document.getElementById('play').textContent = 'Play'; }
      }
      show(state.index);
    }
    if (state.frames.length - state.index < 120) fetchMore();
  }
  controls.update();
  renderer.render(scene, camera);
  requestAnimationFrame(tick);
}

function setPlaying(on) {
  state.playing = on;
  document.getElementById('play').textContent = on ? 'Pause' : 'Play';
}

document.getElementById('play').onclick = () => setPlaying(!state.playing);
document.getElementById('step').onclick = () => { setPlaying(false); if (state.index + 1 < state.frames.length) state.index++; show(state.index); fetchMore(); };
document.getElementById('restart').onclick = () => { state.index = 0; show(0); };
document.getElementById('speed').onchange = (e) => { state.speed = Number(e.target.value); };
document.getElementById('scrub').oninput = (e) => { setPlaying(false); state.index = Number(e.target.value); show(state.index); };
for (const id of ['showContacts', 'showImpulses', 'showAabbs', 'tintSleeping']) document.getElementById(id).onchange = () => show(state.index);
window.addEventListener('keydown', (e) => {
  if (e.key === ' ') { setPlaying(!state.playing); e.preventDefault(); }
  else if (e.key === '.') document.getElementById('step').onclick();
  else if (e.key === 'r') document.getElementById('restart').onclick();
});
const raycaster = new THREE.Raycaster(), pointer = new THREE.Vector2();
let down = null;
renderer.domElement.addEventListener('pointerdown', (e) => { down = [e.clientX, e.clientY]; });
renderer.domElement.addEventListener('pointerup', (e) => {
  if (!down || Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 4) return; // a drag turns the camera
  const r = renderer.domElement.getBoundingClientRect();
  pointer.set((e.clientX - r.left) / r.width * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
  raycaster.setFromCamera(pointer, camera);
  const hit = raycaster.intersectObjects(state.bodies.map(b => b.group), true).find(h => h.object.userData.body !== undefined);
  state.selected = hit ? hit.object.userData.body : -1;
  if (!hit) document.getElementById('selected').textContent = 'Click a body to see it.';
  show(state.index);
});
window.addEventListener('resize', resize);

async function start() {
  resize();
  state.description = await (await fetch('/api/scene')).json();
  build(state.description);
  await fetchMore();
  show(0);
  frameCamera(state.description);
  document.body.dataset.ready = 'true';
  requestAnimationFrame(tick);
}
start();
