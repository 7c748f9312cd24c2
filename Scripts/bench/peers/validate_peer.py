#!/usr/bin/env python3
"""Python peer for `redo-conform validate`: checks every node's id and signature.

    python3 Scripts/bench/peers/validate_peer.py FILE.jsonl [--workers 2]

A deliberately fair, idiomatic Python implementation of the crypto part of validation
(no schema or log rules): per line, json.loads, drop "id" and "signature", RFC 8785
canonical bytes (PyPI `rfc8785`), SHA-256 (hashlib) compared with the id, and Ed25519
verification of the same bytes (PyPI `pynacl`, i.e. libsodium's rules).

The file is split into W byte ranges, one per worker process; each worker opens the file
itself and aligns its range to line starts, so no line travels through a pipe.

Prints one line:  python-peer <nodes> nodes <seconds> s <nodes/s> nodes/s <valid> valid
Exit status: 0 every node valid, 1 some node invalid, 2 usage error or missing packages.
"""
import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time

try:
    import rfc8785
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey
except ImportError as error:
    print(
        f"validate_peer.py: missing Python package ({error.name}).\n"
        "Install them with:  pip install rfc8785 pynacl\n"
        "(or: python3 -m venv .build-bench/venv && "
        ".build-bench/venv/bin/pip install -r Scripts/bench/peers/requirements.txt)",
        file=sys.stderr,
    )
    sys.exit(2)


def line_start_at_or_after(f, offset, size):
    """The offset of the first line that starts at or after `offset`."""
    if offset <= 0:
        return 0
    if offset >= size:
        return size
    f.seek(offset - 1)
    f.readline()  # the rest of the line holding byte offset-1 (ends with its "\n")
    return f.tell()


def check_node(line, keys):
    """True when the node's id matches its canonical body and its signature verifies."""
    try:
        node = json.loads(line)
        claimed_id = node.pop("id")
        signature = bytes.fromhex(node.pop("signature"))
        body = rfc8785.dumps(node)  # canonical UTF-8 bytes of the body
        if "sha256:" + hashlib.sha256(body).hexdigest() != claimed_id:
            return False
        public_key = node["author"]["publicKey"]
        key = keys.get(public_key)
        if key is None:  # one VerifyKey per distinct author key
            key = keys[public_key] = VerifyKey(bytes.fromhex(public_key))
        key.verify(body, signature)
        return True
    except BadSignatureError:
        return False
    except Exception:  # not JSON, not I-JSON, missing keys, bad hex or key length
        return False


def check_range(task):
    """Worker: checks the lines starting in [start, end). Returns (nodes, valid, bad)
    where bad lists the byte offsets of the first few invalid lines."""
    path, start, end = task
    nodes = valid = 0
    bad = []
    keys = {}
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        position = line_start_at_or_after(f, start, size)
        stop = line_start_at_or_after(f, end, size)
        f.seek(position)
        while position < stop:
            line = f.readline()
            if not line:
                break
            offset, position = position, position + len(line)
            if line.strip() == b"":
                continue
            nodes += 1
            if check_node(line, keys):
                valid += 1
            elif len(bad) < 5:
                bad.append(offset)
    return nodes, valid, bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a JSON Lines log, one node per line")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args()
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    try:
        size = os.path.getsize(args.file)
    except OSError as error:
        print(f"validate_peer.py: {error}", file=sys.stderr)
        return 2

    started = time.perf_counter()
    step = -(-size // args.workers)  # ceiling division; workers align to line starts
    tasks = [(args.file, i * step, min(size, (i + 1) * step)) for i in range(args.workers)]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(check_range, tasks, chunksize=1)
    seconds = time.perf_counter() - started

    nodes = sum(r[0] for r in results)
    valid = sum(r[1] for r in results)
    for offset in [o for r in results for o in r[2]][:5]:
        print(f"python-peer: invalid node at byte {offset}", file=sys.stderr)
    rate = nodes / seconds if seconds > 0 else 0.0
    print(f"python-peer {nodes} nodes {seconds:.3f} s {rate:.0f} nodes/s {valid} valid")
    return 0 if valid == nodes else 1


if __name__ == "__main__":
    sys.exit(main())
