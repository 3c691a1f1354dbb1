"""Typical calls of the 2x2x2 functions, as a training script writes them: mypy --strict
takes them (the stubs overload each input form: str and int give scalars, arrays give
arrays; issue 64), and they run."""

import numpy as np
import numpy.typing as npt
import pocket

idx: npt.NDArray[np.int32] = pocket.random_states(100, seed=1)
rows: npt.NDArray[np.uint8] = pocket.from_index(idx)
d: npt.NDArray[np.int8] = pocket.distance(rows)
one: int = pocket.distance("UUUULLFFRRBBLLFFRRBBDDDD")
back: npt.NDArray[np.int32] = pocket.to_index(rows)
s: str = pocket.from_index(0)
n: int = pocket.step(0, 1)
moved = pocket.step(idx, np.zeros(100, int))
print(int(moved.sum()) + int(d.max()) + one + n + len(s) + int(back[0]))
text: str = pocket.apply("UUUULLFFRRBBLLFFRRBBDDDD", "R U")
inv: list[str] = pocket.inverse(["UUUULLFFRRBBLLFFRRBBDDDD"])
