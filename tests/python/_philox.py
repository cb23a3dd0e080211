"""A NumPy reference of pt.random's bits: Philox4x32-10 and the counter layout (written
from the paper and the module's doc, independent of ptensor/random.py). Used by
tests/python/test_random.py and tests/mpi/test_random.py."""
import math

import numpy as np

U64 = np.uint64


def philox_ref(counter, key):
    """Philox4x32-10 of counter blocks (4 uint64 arrays of 32-bit words) with NumPy."""
    c = [np.asarray(w, dtype=U64) for w in counter]
    k0, k1 = key
    with np.errstate(over="ignore"):
        for _ in range(10):
            p0, p1 = c[0] * U64(0xD2511F53), c[2] * U64(0xCD9E8D57)
            c = [(p1 >> U64(32)) ^ c[1] ^ U64(k0), p1 & U64(0xFFFFFFFF),
                 (p0 >> U64(32)) ^ c[3] ^ U64(k1), p0 & U64(0xFFFFFFFF)]
            k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return c


def words_ref(seed, call, shape, per_block=2):
    """The four words of each element's counter block (i // per_block) of the generator's
    call-th call (seed as given), and each element's lane (i % per_block)."""
    key = [int(v) for v in np.random.SeedSequence(seed).generate_state(2, np.uint32)]
    i = np.arange(math.prod(shape), dtype=U64).reshape(shape)
    j = i // U64(per_block)
    z = np.zeros(shape, U64)
    return (*philox_ref([j & U64(0xFFFFFFFF), j >> U64(32), z + U64(call & 0xFFFFFFFF),
                         z + U64(call >> 32)], key), i % U64(per_block))


def pair_ref(seed, call, shape):
    """Each element's two words: its block's words 0-1 (even position) or 2-3 (odd)."""
    w0, w1, w2, w3, lane = words_ref(seed, call, shape)
    return np.where(lane == 0, w0, w2), np.where(lane == 0, w1, w3)


def unit53(a, b):
    return (((a >> U64(5)) << U64(26)) | (b >> U64(6))).astype(np.float64) * 2.0 ** -53


def uniform_ref(seed, call, shape):
    return unit53(*pair_ref(seed, call, shape))


def normal_ref(seed, call, shape):
    w0, w1, w2, w3, lane = words_ref(seed, call, shape)
    return (np.sqrt(-2 * np.log(1 - unit53(w0, w1))) *
            np.cos(2 * np.pi * unit53(w2, w3) - np.pi / 2 * lane.astype(np.float64)))
