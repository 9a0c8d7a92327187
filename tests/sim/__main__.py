"""python3 -m tests.sim [--seed N | --evenings K [--start S]] [--jobs J] [--quiet]

Plays simulated evenings (docs/simulation.md). --seed N replays evening N exactly and prints its events;
--evenings K runs seeds S..S+K-1 (on J processes) and prints evenings/s. Exits 1 on the first failure, with its
seed, the broken invariant and the events that led to it.
"""

import argparse
import sys
import time
from multiprocessing import Pool

from . import evening


def one(seed):
    try:
        stats = evening.run(seed)
        return seed, None, stats
    except evening.Failure as failure:
        return seed, evening.report(failure), None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m tests.sim", description=__doc__.split("\n\n")[1])
    parser.add_argument("--seed", type=int, help="replay this one evening and print its events")
    parser.add_argument("--evenings", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first seed of --evenings")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine's cores)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.seed is not None:
        events = []
        try:
            stats = evening.run(args.seed, script=lambda ev: events.append(ev.world.events))
        except evening.Failure as failure:
            print(evening.report(failure))
            return 1
        if not args.quiet:
            print("\n".join(events[0]))
        print("evening %d: ok %r" % (args.seed, stats))
        return 0
    seeds = range(args.start, args.start + args.evenings)
    began = time.time()
    done = 0
    paths = dict.fromkeys(("takeovers", "closing_gone", "closing_back"), 0)  # how often the takeover paths ran
    with Pool(args.jobs) as pool:
        for seed, failed, stats in pool.imap_unordered(one, seeds, chunksize=4):
            done += 1
            if failed:
                print(failed)
                pool.terminate()
                return 1
            for key in paths:
                paths[key] += stats.get(key, 0)
            if not args.quiet and done % 100 == 0:
                print("%d evenings, %.1f evenings/s" % (done, done / (time.time() - began)), flush=True)
    elapsed = time.time() - began
    print(
        "%d evenings ok (seeds %d..%d) in %.0f s: %.2f evenings/s on %d process(es); host tabs closed for good mid-"
        'Hint Hunt %d, successors that opened the room after "closing" %d, that went back to their seat %d'
        % (
            done,
            args.start,
            args.start + done - 1,
            elapsed,
            done / elapsed,
            args.jobs,
            paths["takeovers"],
            paths["closing_gone"],
            paths["closing_back"],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
