#!/usr/bin/env python3
"""Writes the Kanoodle pyramid's exact-cover matrix in DLX1 format, written
independently of polycover's sphere lattice: balls are points of Euclidean
space (layer k of the pyramid holds (i + k/2, j + k/2, k / sqrt 2) for
0 <= i, j < 5 - k, touching balls one unit apart), and a flat piece is
placed by mapping its square art (x, y) to b + x u + y v for each ball b
and each ordered pair of perpendicular unit vectors u, v between touching
balls. The pieces are read from the art of pieces/kanoodle.yaml.

    python3 tests/data/scripts/kanoodle_pyramid.py > pyramid.dlx
    polycover xc pyramid.dlx --count     # the pyramid's solutions, all
"""
import itertools
import math
import os
import re

H = 1 / math.sqrt(2)
ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")


def pieces():
    """Each piece of the square Kanoodle set as a list of (x, y) squares."""
    text = open(os.path.join(ROOT, "pieces", "kanoodle.yaml")).read()
    out = {}
    for name, art in re.findall(r"\n  ([A-L]):.*\n    shape: \|\n((?:      .*\n)+)", text):
        rows = [line[6:] for line in art.splitlines()]
        out[name] = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row)
                     if ch == "#"]
    return out


def balls():
    return [(i + k / 2, j + k / 2, k * H) for k in range(5)
            for j in range(5 - k) for i in range(5 - k)]


def key(p):
    return (round(2 * p[0]), round(2 * p[1]), round(p[2] / H))


def directions(points):
    """Unit vectors between touching balls."""
    out = set()
    for a, b in itertools.combinations(points, 2):
        d = tuple(b[i] - a[i] for i in range(3))
        if abs(sum(x * x for x in d) - 1) < 1e-9:
            for s in (1, -1):
                out.add(tuple(round(s * x, 9) for x in d))
    return sorted(out)


def placements(cells, board, index, dirs):
    found = set()
    x0, y0 = cells[0]
    for b, u, v in itertools.product(board, dirs, dirs):
        if abs(sum(u[i] * v[i] for i in range(3))) > 1e-9:
            continue
        image = []
        for x, y in cells:
            p = tuple(b[i] + (x - x0) * u[i] + (y - y0) * v[i] for i in range(3))
            image.append(index.get(key(p)))
        if None not in image:
            found.add(tuple(sorted(image)))
    return sorted(found)


def main():
    board = balls()
    index = {key(p): n for n, p in enumerate(board)}
    dirs = directions(board)
    ps = pieces()
    assert len(board) == 55 and sum(len(c) for c in ps.values()) == 55
    print("| Kanoodle pyramid, written by tests/data/scripts/kanoodle_pyramid.py")
    print(" ".join(sorted(ps)) + " " + " ".join("b%d" % n for n in range(len(board))))
    for name in sorted(ps):
        for place in placements(ps[name], board, index, dirs):
            print(name + " " + " ".join("b%d" % n for n in place))


main()
