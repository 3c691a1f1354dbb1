"""Paired, run as `python python/bench_jumanji.py` (needs jax and jumanji from PyPI): 3x3x3 vector environments, 4,096 cubes, random actions: pocket's native
vector env (gymnasium.make_vec("pocket/RubiksCube-v0")) against jumanji's RubiksCube-v0
(jax.jit of vmap'd step), interleaved, medians of 7, CPU time of the process."""
import time, statistics, numpy as np, gymnasium as gym, jax, jax.numpy as jnp, jumanji
import pocket

N, STEPS = 4096, 200
venv = gym.make_vec("pocket/RubiksCube-v0", num_envs=N)
venv.reset(seed=0)
rng = np.random.default_rng(0)
acts = rng.integers(0, venv.single_action_space.n, size=(STEPS, N))

env = jumanji.make("RubiksCube-v0")
keys = jax.random.split(jax.random.key(0), N)
state, ts = jax.jit(jax.vmap(env.reset))(keys)
step = jax.jit(jax.vmap(env.step))
spec = env.action_spec
# jumanji's action: (face, depth, direction) per cube
jacts = [jnp.stack([jnp.asarray(rng.integers(0, int(m), size=N)) for m in spec.num_values], axis=1) for _ in range(STEPS)]
s2, _ = step(state, jacts[0]); jax.block_until_ready(s2)

def run_pocket():
    for a in acts:
        venv.step(a)
    return N * STEPS

def run_jumanji():
    s = state
    for a in jacts:
        s, t = step(s, a)
    jax.block_until_ready(s)
    return N * STEPS

res = {"pocket": [], "jumanji": []}
for _ in range(7):
    for name, f in (("pocket", run_pocket), ("jumanji", run_jumanji)):
        c, w = time.process_time(), time.perf_counter()
        n = f()
        res[name].append((n / (time.process_time() - c), n / (time.perf_counter() - w)))
for name, r in res.items():
    print(f"{name}: {statistics.median(x for x, _ in r)/1e6:.2f}M steps/CPU s, {statistics.median(y for _, y in r)/1e6:.2f}M steps/s wall")
print("jax", jax.__version__, "jumanji", jumanji.__version__, "numpy", np.__version__)
