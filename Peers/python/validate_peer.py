#!/usr/bin/env python3
"""Python peer for `redo-conform validate`: the same validation of a REDO v1 log, in Python.

    python3 Peers/python/validate_peer.py FILE.jsonl [--workers 2]
        [--profile synced|local] [--nodes-only | --crypto-only] [--report] [--max-record-bytes N]

An idiomatic Python implementation (standard library, PyPI `rfc8785` and `pynacl` only) of
what `redo-conform validate FILE.jsonl` decides, record by record:

- node-level rules, each record judged alone: strict I-JSON (UTF-8, no byte-order mark,
  no duplicate keys, no lone surrogates, finite numbers, nesting depth, record size),
  the closed envelope (types, lowercase hex and lengths, UUID v4 forms, userId = the
  first 32 hex digits of publicKey, strict UTC times that are real instants, parent
  counts), every action's payload (keys, types, ranges, reserved names also deep inside
  `extensions`, deletedChain shape, MERGE policy and resolutions), the payload size,
  the id (SHA-256 of the RFC 8785 canonical body) and the Ed25519 signature over the
  same bytes (libsodium's rules; required under the synced profile);
- log-level rules over all records together: records of the same id are one node
  (status `duplicate`), parents exist and belong to the same task, lamport is
  max(parents) + 1 (1 for a CREATE), one CREATE per task (earliest wall, then smallest
  id), todo references by causal ancestry and no reused todoTaskId, a DELETE's
  deletedChain is exactly its ancestors, a MERGE's base is an ancestor of every parent
  and its conflicts can be decided, and the broken-branch rules (X_ANCESTOR_REJECTED,
  X_AFTER_DELETE).

Each record gets a status (valid | rejected | duplicate) and a primary code, by the
precedence in PROTOCOL.md ("Verdicts and codes").

Modes:
  (default)      every rule above.
  --nodes-only   the node-level rules only (each record judged alone).
  --crypto-only  the old benchmark: per line json.loads, drop "id" and "signature",
                 RFC 8785 bytes, SHA-256 compared with the id, Ed25519 verification; no
                 schema, no log rules. Kept for comparison.
  --report       print one line per record instead of the summary, in line order:
                 LINE<TAB>STATUS<TAB>CODE (CODE is the primary code or "-"). Line numbers
                 are the file's physical lines (1-based); blank lines are no records.

The file is read as JSON Lines whatever its name. It is split into W byte ranges, one
per worker process; each worker opens the file itself, aligns its range to line starts
and runs the node-level rules on its lines, handing back per record only what the log
rules need. The main process then runs the log rules over all records in one pass.

Prints one line:  python-peer <records> nodes <seconds> s <records/s> nodes/s <valid> valid
Exit status: 0 every record valid, 1 some record not valid, 2 usage error or missing packages.
"""
import argparse
import hashlib
import heapq
import json
import math
import multiprocessing
import os
import re
import sys
import time
from itertools import accumulate

from redo_protocol import (
    ACTION_TABLE, ACTIONS, ARRAY_STRATEGIES, CODES, DEFAULT_POLICY, MAX_PAYLOAD_BYTES, MAX_RECORD_BYTES, METADATA,
    NUMERIC_FIELDS, RESERVED, STRATEGIES, TASK_FIELDS, TIEBREAKERS, TODO_FIELDS,
)

try:
    import rfc8785
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey
except ImportError as error:
    print(
        f"validate_peer.py: missing Python package ({error.name}).\n"
        "Install them with:  pip install rfc8785 pynacl\n"
        "(or: python3 -m venv .build-bench/venv && "
        ".build-bench/venv/bin/pip install -r Peers/python/requirements.txt)",
        file=sys.stderr,
    )
    sys.exit(2)


# ---------------------------------------------------------------------------------------
# Codes and actions by number (their tables, and the names, fields and limits below, are in
# redo_protocol.py). A record's primary code is the lowest number it breaks.

(SCHEMA, ENCODING, FORBIDDEN, MISSING_CHAIN, HASH, SIGNATURE, PARENT, LAMPORT, DUPLICATE_CREATE,
 TODO_REF, ANCESTOR_REJECTED, AFTER_DELETE) = (CODES.index(name) for name in (
    "E_SCHEMA_MISMATCH", "E_ENCODING_VIOLATION", "E_FORBIDDEN_FIELD", "E_MISSING_DELETED_CHAIN",
    "E_HASH_MISMATCH", "E_INVALID_SIGNATURE", "E_PARENT_NOT_FOUND", "E_LAMPORT_VIOLATION",
    "E_DUPLICATE_CREATE", "E_INVALID_TODO_REF", "X_ANCESTOR_REJECTED", "X_AFTER_DELETE"))
NO_CODE = len(CODES)  # sorts after every code: "no finding"

VALID, REJECTED, DUPLICATE = "valid", "rejected", "duplicate"

ACTION_INDEX = {name: i for i, name in enumerate(ACTIONS)}
CREATE, UPDATE, DELETE, COMPLETE_TODO, CREATE_TODO, SNOOZE, ARCHIVE, UNARCHIVE, MERGE = (ACTION_INDEX[name] for name in (
    "CREATE", "UPDATE", "DELETE", "COMPLETE_TODO", "CREATE_TODO", "SNOOZE", "ARCHIVE", "UNARCHIVE", "MERGE"))
PARENT_COUNTS = {ACTION_INDEX[name]: (low, high) for name, low, high in ACTION_TABLE}

# ---------------------------------------------------------------------------------------
# Limits and forms

MAX_SAFE = 2**53 - 1
MAX_DEPTH = 512  # nesting of arrays and objects
# A canonical form is at most 5.25 times its source (a number token "1e20" grows to 21
# characters; nothing else grows): smaller records cannot hold an oversized payload.
PAYLOAD_SIZE_CHECK_FROM = int(MAX_PAYLOAD_BYTES / 5.25)
MAX_DAYS_TO_EXTEND = 3_652_059
DAY_MS = 86_400_000
LATEST_MS = 253_402_300_799_999  # 9999-12-31T23:59:59.999Z

NODE_ID = re.compile(r"sha256:[0-9a-f]{64}").fullmatch
UUID_V4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}").fullmatch
HEX32 = re.compile(r"[0-9a-f]{32}").fullmatch
HEX64 = re.compile(r"[0-9a-f]{64}").fullmatch
HEX128 = re.compile(r"[0-9a-f]{128}").fullmatch
UTC_TIME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})Z").fullmatch
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]").search
LONE_SURROGATE = re.compile("[\ud800-\udfff]").search
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
BRACKETS = re.compile(r"[\[\]{}]").findall
BRACKET_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}

TOP_LEVEL_KEYS = frozenset(("id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature"))
REQUIRED_TOP_LEVEL = frozenset(("id", "version", "parents", "timestamp", "author", "action", "taskId", "data"))
TIMESTAMP_KEYS = frozenset(("lamport", "wall"))
AUTHOR_KEYS = frozenset(("userId", "deviceId", "publicKey", "name", "email", "deviceName"))
DATA_KEYS = frozenset(("payload",))

PAYLOAD_KEYS = {
    CREATE: frozenset(METADATA + ("extensions",)),
    UPDATE: frozenset(METADATA + ("extensions",)),
    CREATE_TODO: frozenset(("todoTaskId", "deadline", "notes")),
    COMPLETE_TODO: frozenset(("todoTaskId", "completed", "notes")),
    SNOOZE: frozenset(("todoTaskId", "daysToExtend", "newDeadline", "notes")),
    ARCHIVE: frozenset(),
    UNARCHIVE: frozenset(),
    DELETE: frozenset(("deletedChain",)),
    MERGE: frozenset(("base", "policy", "resolutions")),
}
REQUIRED_PAYLOAD = {
    CREATE: ("title",), CREATE_TODO: ("todoTaskId", "deadline"), COMPLETE_TODO: ("todoTaskId", "completed"),
    SNOOZE: ("todoTaskId",), MERGE: ("base",),
}
POLICY_KEYS = frozenset(("defaultStrategy", "lwwTiebreakers", "arrayStrategy"))
RESOLUTIONS_KEYS = frozenset(("task", "todos"))
RESOLUTION_KEYS = frozenset(("path", "strategy", "chosenParent", "value", "notes"))
TODO_RESOLUTION_KEYS = frozenset(("todoTaskId", "fields"))

MISSING = object()  # a key that is absent (JSON null is None)


class Null:
    """A todo's `completed: null` (explicitly not completed), distinct from absent. Equal
    by type: a worker's NULL arrives in the main process as another instance."""
    __slots__ = ()

    def __eq__(self, other):
        return type(other) is Null

    def __hash__(self):
        return 0

    def __repr__(self):
        return "null"


NULL = Null()


# ---------------------------------------------------------------------------------------
# Strict JSON (I-JSON) on top of the json module

class NotIJSON(ValueError):
    pass


def _object(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise NotIJSON("duplicate key")
    return obj


def _integer(text):
    n = int(text)  # over 4300 digits: ValueError, and far beyond a double anyway
    if -MAX_SAFE <= n <= MAX_SAFE:
        return n
    return float(n)  # what a JSON number is: a double (OverflowError beyond its range)


def _real(text):
    x = float(text)
    if math.isinf(x):
        raise NotIJSON("number out of range")
    return x


def _constant(name):
    raise NotIJSON(f"{name} is not a JSON number")


_decode = json.JSONDecoder(object_pairs_hook=_object, parse_int=_integer, parse_float=_real,
                           parse_constant=_constant).decode


def _too_deep(text):
    depths = accumulate(BRACKET_DEPTH[b] for b in BRACKETS(JSON_STRING.sub("", text)))
    return max(depths, default=0) > MAX_DEPTH


def _has_lone_surrogate(value):
    pending = [value]
    while pending:
        item = pending.pop()
        if type(item) is str:
            if LONE_SURROGATE(item):
                return True
        elif type(item) is dict:
            for key, member in item.items():
                if LONE_SURROGATE(key):
                    return True
                pending.append(member)
        elif type(item) is list:
            pending.extend(item)
    return False


def parse_record(raw):
    """The JSON value of one record, or NotIJSON / ValueError when it is not I-JSON."""
    text = raw.decode("utf-8")  # strict: no overlong forms, no encoded surrogates
    # json rejects a leading U+FEFF itself; nesting is checked before it can recurse.
    if text.count("[") + text.count("{") > MAX_DEPTH and _too_deep(text):
        raise NotIJSON("nesting too deep")
    value = _decode(text)
    if SURROGATE_ESCAPE(text) and _has_lone_surrogate(value):
        raise NotIJSON("lone surrogate")
    return value


# ---------------------------------------------------------------------------------------
# Typed reads shared by the node rules. Each flags its finding on `out` and returns None
# when the value is not what it must be.

class Findings:
    """The codes one record breaks; only the primary one (lowest index) is kept."""
    __slots__ = ("code",)

    def __init__(self):
        self.code = NO_CODE

    def flag(self, code):
        if code < self.code:
            self.code = code


def utc_millis(text):
    """Milliseconds since the epoch of a strict UTC time, or None (wrong form or no such instant)."""
    match = UTC_TIME(text) if type(text) is str else None
    if match is None:
        return None
    year, month, day, hour, minute, second, milli = map(int, match.groups())
    if not (1 <= month <= 12 and 1 <= day <= days_in_month(year, month) and hour <= 23 and minute <= 59 and second <= 59):
        return None
    # Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    y = year - 1 if month <= 2 else year
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
    days = era * 146_097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719_468
    return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + milli


def days_in_month(year, month):
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def read_string(value, out):
    if type(value) is str:
        return value
    out.flag(SCHEMA)
    return None


def read_integer(value, low, high, out):
    kind = type(value)
    if kind is int:
        number = value
    elif kind is float and value.is_integer() and abs(value) <= MAX_SAFE:
        number = int(value)
    else:
        out.flag(SCHEMA)
        return None
    if low <= number <= high:
        return number
    out.flag(SCHEMA)
    return None


def read_time(value, out):
    millis = utc_millis(value)
    if millis is None:
        out.flag(SCHEMA)
    return millis


def read_form(value, matches, out):
    """A string of a strict form (id, UUID): not a string is schema, another form encoding."""
    if type(value) is not str:
        out.flag(SCHEMA)
        return None
    if matches(value):
        return value
    out.flag(ENCODING)
    return None


def read_enum(value, names, out):
    if type(value) is str and value in names:
        return value
    out.flag(SCHEMA)
    return None


def check_keys(obj, allowed, out, reserved_is_forbidden=False):
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            out.flag(FORBIDDEN if reserved_is_forbidden and key in RESERVED else SCHEMA)


def task_field_value(field, value, out):
    """A value for a task field, with that field's type and range (CREATE/UPDATE, manual)."""
    if field == "title":
        text = read_string(value, out)
        if text == "":
            out.flag(SCHEMA)
            return None
        return text
    if field == "description":
        return read_string(value, out)
    if field == "privacy" or field == "archived":
        if type(value) is bool:
            return value
        out.flag(SCHEMA)
        return None
    if field == "priority":
        return read_integer(value, 1, 5, out)
    if field == "storyPoints":
        return read_integer(value, 0, MAX_SAFE, out)
    return read_integer(value, 1, MAX_SAFE, out)  # frequencyDays


def todo_field_value(field, value, out):
    """A manual value for a todo field: notes a string, deadline a time, completed a time or null."""
    if field == "notes":
        return read_string(value, out)
    if field == "completed" and value is None:
        return NULL
    return read_time(value, out)


# ---------------------------------------------------------------------------------------
# Node-level rules

class NodeRules:
    """Judges one record alone. Returns, for a record that passes, what the log rules need:
        (line, id, taskId, action, parents, lamport, wall, userId, payload facts)
    and for one that fails:
        (line, primary code, claimed id when it is a well-formed node id, else None)."""

    def __init__(self, profile, max_record_bytes=MAX_RECORD_BYTES):
        self.signed = profile == "synced"
        self.max_record_bytes = max_record_bytes
        self.keys = {}  # one VerifyKey per distinct author key

    def judge(self, line, raw):
        if len(raw) > self.max_record_bytes:
            return (line, SCHEMA, None)
        try:
            node = parse_record(raw)
        except (ValueError, OverflowError, RecursionError):  # not UTF-8, not JSON, not I-JSON
            return (line, SCHEMA, None)
        if type(node) is not dict:
            return (line, SCHEMA, None)
        out = Findings()
        get = node.get

        if not node.keys() <= TOP_LEVEL_KEYS or not node.keys() >= REQUIRED_TOP_LEVEL:
            out.flag(SCHEMA)  # an unknown key (reserved or not), or a missing one

        claimed = get("id", MISSING)
        claimed = None if claimed is MISSING else read_form(claimed, NODE_ID, out)

        version = get("version", MISSING)
        if version is not MISSING and not (type(version) in (int, float) and version == 1):
            out.flag(SCHEMA)

        action = get("action", MISSING)
        if action is MISSING:
            action = None
        else:
            action = ACTION_INDEX.get(action) if type(action) is str else None
            if action is None:
                out.flag(SCHEMA)

        parents, parent_count = self.parents(get("parents", MISSING), action, out)
        lamport, wall = self.timestamp(get("timestamp", MISSING), out)
        public_key, user_id = self.author(get("author", MISSING), out)

        task = get("taskId", MISSING)
        task = None if task is MISSING else read_form(task, UUID_V4, out)

        payload = None
        data = get("data", MISSING)
        if data is not MISSING:
            if type(data) is dict:
                check_keys(data, DATA_KEYS, out)
                payload = data.get("payload", MISSING)
                if payload is MISSING:
                    out.flag(SCHEMA)
                    payload = None
                elif type(payload) is not dict:
                    out.flag(SCHEMA)
                    payload = None
            else:
                out.flag(SCHEMA)

        signature = get("signature", MISSING)
        if signature is not MISSING:
            signature = read_form(signature, HEX128, out)

        facts = None
        if action is not None and payload is not None:
            facts = self.payload(payload, action, parents, parent_count, len(raw), out)

        if out.code == NO_CODE:
            # Hash and signature codes rank after every code above: they decide the record's
            # code only when nothing else failed, so they are computed only then.
            body = rfc8785.dumps({k: v for k, v in node.items() if k != "id" and k != "signature"})
            if "sha256:" + hashlib.sha256(body).hexdigest() != claimed:
                out.flag(HASH)
            elif signature is MISSING:
                if self.signed:
                    out.flag(SIGNATURE)
            elif not self.verify(body, signature, public_key):
                out.flag(SIGNATURE)

        if out.code != NO_CODE:
            return (line, out.code, claimed)
        return (line, claimed, task, action, parents, lamport, wall, user_id, facts)

    def verify(self, body, signature, public_key):
        key = self.keys.get(public_key)
        if key is None:
            key = self.keys[public_key] = VerifyKey(bytes.fromhex(public_key))
        try:
            key.verify(body, bytes.fromhex(signature))
            return True
        except BadSignatureError:
            return False

    @staticmethod
    def parents(value, action, out):
        if value is MISSING:
            return None, None
        if type(value) is not list:
            out.flag(SCHEMA)
            return None, None
        seen = set()
        complete = True
        for entry in value:
            parent = read_form(entry, NODE_ID, out)
            if parent is None:
                complete = False
            elif parent in seen:
                out.flag(SCHEMA)  # listed twice
            else:
                seen.add(parent)
        if action is not None:
            low, high = PARENT_COUNTS.get(action, (1, 1))
            if not low <= len(value) <= high:
                out.flag(SCHEMA)
        return (tuple(value) if complete else None), len(value)

    @staticmethod
    def timestamp(value, out):
        if value is MISSING:
            return None, None
        if type(value) is not dict:
            out.flag(SCHEMA)
            return None, None
        check_keys(value, TIMESTAMP_KEYS, out)
        lamport = value.get("lamport", MISSING)
        if lamport is MISSING:
            out.flag(SCHEMA)
            lamport = None
        else:
            lamport = read_integer(lamport, 1, MAX_SAFE, out)
        wall = value.get("wall", MISSING)
        if wall is MISSING or utc_millis(wall) is None:
            out.flag(SCHEMA)
            wall = None
        return lamport, wall

    @staticmethod
    def author(value, out):
        if value is MISSING:
            return None, None
        if type(value) is not dict:
            out.flag(SCHEMA)
            return None, None
        check_keys(value, AUTHOR_KEYS, out)
        public_key = value.get("publicKey", MISSING)
        if public_key is MISSING:
            out.flag(SCHEMA)
            public_key = None
        else:
            public_key = read_form(public_key, HEX64, out)
        user_id = value.get("userId", MISSING)
        if user_id is MISSING:
            out.flag(SCHEMA)
            user_id = None
        elif type(user_id) is not str:
            out.flag(SCHEMA)
            user_id = None
        elif not HEX32(user_id) or (public_key is not None and not public_key.startswith(user_id)):
            out.flag(ENCODING)  # not 32 lowercase hex digits, or not the key's prefix
        device = value.get("deviceId", MISSING)
        if device is MISSING or read_string(device, out) == "":
            out.flag(SCHEMA)
        for key in ("name", "email", "deviceName"):
            optional = value.get(key, MISSING)
            if optional is not MISSING:
                read_string(optional, out)
        return public_key, user_id

    def payload(self, payload, action, parents, parent_count, record_bytes, out):
        """Checks one payload; returns the facts the log rules need when it passes."""
        check_keys(payload, PAYLOAD_KEYS[action], out, reserved_is_forbidden=True)
        for key in REQUIRED_PAYLOAD.get(action, ()):
            if key not in payload:
                out.flag(SCHEMA)
        if record_bytes >= PAYLOAD_SIZE_CHECK_FROM and len(rfc8785.dumps(payload)) > MAX_PAYLOAD_BYTES:
            out.flag(SCHEMA)
        get = payload.get

        if action == CREATE or action == UPDATE:
            if action == UPDATE and not payload:
                out.flag(SCHEMA)
            fields = {}
            for field in METADATA:
                value = get(field, MISSING)
                if value is not MISSING:
                    value = task_field_value(field, value, out)
                    if value is not None:
                        fields[field] = value
            extensions = get("extensions", MISSING)
            if extensions is not MISSING:
                if type(extensions) is not dict:
                    out.flag(SCHEMA)
                elif reserved_inside(extensions):
                    out.flag(FORBIDDEN)
            return fields or None

        if action in (CREATE_TODO, COMPLETE_TODO, SNOOZE):
            todo = get("todoTaskId", MISSING)
            todo = None if todo is MISSING else read_form(todo, UUID_V4, out)
            notes = get("notes", MISSING)
            notes = None if notes is MISSING else read_string(notes, out)
            if action == CREATE_TODO:
                deadline = get("deadline", MISSING)
                return todo, (None if deadline is MISSING else read_time(deadline, out)), notes
            if action == COMPLETE_TODO:
                completed = get("completed", MISSING)
                return todo, (None if completed is MISSING else read_time(completed, out)), notes
            days = get("daysToExtend", MISSING)
            new_deadline = get("newDeadline", MISSING)
            if (days is MISSING) == (new_deadline is MISSING):
                out.flag(SCHEMA)  # exactly one of the two
            days = None if days is MISSING else read_integer(days, 1, MAX_DAYS_TO_EXTEND, out)
            new_deadline = None if new_deadline is MISSING else read_time(new_deadline, out)
            return todo, days, new_deadline, notes

        if action == DELETE:
            chain = get("deletedChain", MISSING)
            if chain is MISSING:
                out.flag(MISSING_CHAIN)
            elif type(chain) is not list:
                out.flag(SCHEMA)
            elif not chain:
                out.flag(MISSING_CHAIN)
            else:
                seen = set()
                for entry in chain:
                    entry = read_form(entry, NODE_ID, out)
                    if entry is not None:
                        if entry in seen:
                            out.flag(MISSING_CHAIN)  # an id twice
                        seen.add(entry)
                return tuple(chain)
            return None

        if action == MERGE:
            return self.merge(payload, parents, parent_count, out)
        return None  # ARCHIVE, UNARCHIVE

    def merge(self, payload, parents, parent_count, out):
        get = payload.get
        base = get("base", MISSING)
        base = None if base is MISSING else read_form(base, NODE_ID, out)

        default, tiebreakers = DEFAULT_POLICY
        policy = get("policy", MISSING)
        if policy is not MISSING:
            if type(policy) is dict:
                check_keys(policy, POLICY_KEYS, out)
                value = policy.get("defaultStrategy", MISSING)
                if value is not MISSING:
                    default = read_enum(value, STRATEGIES, out)
                value = policy.get("lwwTiebreakers", MISSING)
                if value is not MISSING:
                    if type(value) is list:
                        tiebreakers = tuple(read_enum(entry, TIEBREAKERS, out) for entry in value)
                    else:
                        out.flag(SCHEMA)
                value = policy.get("arrayStrategy", MISSING)
                if value is not MISSING:
                    read_enum(value, ARRAY_STRATEGIES, out)
            else:
                out.flag(SCHEMA)

        task_resolutions = {}
        todo_resolutions = {}
        resolutions = get("resolutions", MISSING)
        if resolutions is not MISSING:
            if type(resolutions) is not dict:
                out.flag(SCHEMA)
            else:
                check_keys(resolutions, RESOLUTIONS_KEYS, out)
                entries = resolutions.get("task", MISSING)
                if entries is not MISSING and type(entries) is not list:
                    out.flag(SCHEMA)
                elif entries is not MISSING:
                    for entry in entries:
                        resolution = field_resolution(entry, parents, parent_count, out)
                        if resolution is None:
                            continue
                        path, strategy, chosen = resolution
                        if path not in TASK_FIELDS:
                            out.flag(SCHEMA)
                            continue
                        if strategy == "union" or (strategy in ("max", "min") and path not in NUMERIC_FIELDS):
                            out.flag(SCHEMA)
                        value = None
                        if strategy == "manual" and "value" in entry:
                            value = task_field_value(path, entry["value"], out)
                        task_resolutions.setdefault(path, (strategy, chosen, value))  # the first one wins
                todos = resolutions.get("todos", MISSING)
                if todos is not MISSING and type(todos) is not list:
                    out.flag(SCHEMA)
                elif todos is not MISSING:
                    for entry in todos:
                        todo_resolution(entry, parents, parent_count, todo_resolutions, out)
        if out.code != NO_CODE or base is None:
            return None
        return base, default, tiebreakers, task_resolutions, todo_resolutions


def reserved_inside(extensions):
    """Whether a reserved name is a key anywhere inside `extensions` (arrays included)."""
    pending = [extensions]
    while pending:
        item = pending.pop()
        if type(item) is dict:
            if not RESERVED.isdisjoint(item.keys()):
                return True
            pending.extend(v for v in item.values() if type(v) in (dict, list))
        else:
            pending.extend(v for v in item if type(v) in (dict, list))
    return False


def field_resolution(entry, parents, parent_count, out):
    """The shape of one FieldResolution: (path, strategy, chosenParent) or None."""
    if type(entry) is not dict:
        out.flag(SCHEMA)
        return None
    check_keys(entry, RESOLUTION_KEYS, out)
    path = entry.get("path", MISSING)
    if path is MISSING:
        out.flag(SCHEMA)
        path = None
    else:
        path = read_string(path, out)
        if path == "":
            out.flag(SCHEMA)
            path = None
    strategy = entry.get("strategy", MISSING)
    if strategy is MISSING:
        out.flag(SCHEMA)
        strategy = None
    else:
        strategy = read_enum(strategy, STRATEGIES, out)
    chosen = entry.get("chosenParent", MISSING)
    has_chosen = chosen is not MISSING
    chosen = read_form(chosen, NODE_ID, out) if has_chosen else None
    notes = entry.get("notes", MISSING)
    if notes is not MISSING:
        read_string(notes, out)
    if strategy is None:
        return None
    if strategy in ("ours", "theirs"):
        if not has_chosen or (chosen is not None and parents is not None and chosen not in parents):
            out.flag(SCHEMA)
    if strategy == "theirs" and parent_count is not None and parent_count != 2:
        out.flag(SCHEMA)
    if strategy == "manual" and "value" not in entry:
        out.flag(SCHEMA)
    if path is None:
        return None
    return path, strategy, chosen


def todo_resolution(entry, parents, parent_count, resolutions, out):
    if type(entry) is not dict:
        out.flag(SCHEMA)
        return
    check_keys(entry, TODO_RESOLUTION_KEYS, out)
    todo = entry.get("todoTaskId", MISSING)
    if todo is MISSING:
        out.flag(SCHEMA)
        todo = None
    else:
        todo = read_form(todo, UUID_V4, out)
    fields = entry.get("fields", MISSING)
    if fields is MISSING or type(fields) is not list:
        out.flag(SCHEMA)
        return
    for field_entry in fields:
        resolution = field_resolution(field_entry, parents, parent_count, out)
        if resolution is None:
            continue
        path, strategy, chosen = resolution
        if path not in TODO_FIELDS:
            out.flag(SCHEMA)
            continue
        if strategy in ("union", "max", "min"):
            out.flag(SCHEMA)  # no todo field is numeric or an array
        value = None
        if strategy == "manual" and "value" in field_entry:
            value = todo_field_value(path, field_entry["value"], out)
        if todo is not None:
            resolutions.setdefault(todo, {}).setdefault(path, (strategy, chosen, value))


# ---------------------------------------------------------------------------------------
# Reading the file: byte ranges aligned to line starts

def line_start_at_or_after(f, offset, size):
    """The offset of the first line that starts at or after `offset`."""
    if offset <= 0:
        return 0
    if offset >= size:
        return size
    f.seek(offset - 1)
    f.readline()  # the rest of the line holding byte offset-1 (ends with its "\n")
    return f.tell()


def range_lines(path, start, end):
    """Yields (line number within the range, bytes) for every line starting in
    [start, end), without its "\\n" and a "\\r" before it; the bytes are None for a blank
    line (only spaces and tabs), which is no record but still a line."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        position = line_start_at_or_after(f, start, size)
        stop = line_start_at_or_after(f, end, size)
        f.seek(position)
        number = 0
        while position < stop:
            line = f.readline()
            if not line:
                break
            position += len(line)
            number += 1
            if line.endswith(b"\n"):
                line = line[:-1]
            if line.endswith(b"\r"):
                line = line[:-1]
            yield number, (line if line.strip(b" \t") else None)


def judge_range(task):
    """Worker: the node-level verdicts of the lines starting in one byte range. Returns
    (lines in the range, [record tuple, ...]) with line numbers local to the range."""
    path, start, end, profile, max_record_bytes = task
    rules = NodeRules(profile, max_record_bytes)
    records = []
    lines = 0
    for lines, raw in range_lines(path, start, end):
        if raw is not None:
            records.append(rules.judge(lines, raw))
    return lines, records


def crypto_check_node(line, keys):
    """--crypto-only: True when the node's id matches its canonical body and its signature verifies."""
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


def crypto_range(task):
    """Worker for --crypto-only: (lines in the range, [(line, valid), ...])."""
    path, start, end = task[:3]
    keys = {}
    records = []
    lines = 0
    for lines, raw in range_lines(path, start, end):
        if raw is not None:
            records.append((lines, crypto_check_node(raw, keys)))
    return lines, records


# ---------------------------------------------------------------------------------------
# Log-level rules

UNPROCESSED, OK, REJECTED_OWN, ANCESTOR_BAD, BELOW_DELETE = range(5)


class Ancestry:
    """Answers "is A an ancestor of (or equal to) X?" among valid nodes, in about O(log n)
    on chains and forks: every node's first parent forms a spanning forest with
    skew-binary jump pointers (Myers 1983); paths through a MERGE's other parents are
    searched only above A's lamport (lamport grows along every edge), expanding each MERGE
    at most once per query. Nodes are added parents first; arrays are indexed by node."""

    def __init__(self, size, lamports):
        self.lamport = lamports
        self.tree_parent = [-1] * size
        self.depth = [0] * size
        self.jump = [0] * size
        self.nearest_merge = [-1] * size  # nearest node with several parents on the tree path
        self.extra_parents = {}

    def add(self, node, parents):
        if not parents:
            self.jump[node] = node
            return
        first = parents[0]
        depth, jump = self.depth, self.jump
        self.tree_parent[node] = first
        depth[node] = depth[first] + 1
        j1 = jump[first]
        j2 = jump[j1]
        jump[node] = j2 if depth[first] - depth[j1] == depth[j1] - depth[j2] else first
        if len(parents) > 1:
            self.extra_parents[node] = parents[1:]
            self.nearest_merge[node] = node
        else:
            self.nearest_merge[node] = self.nearest_merge[first]

    def parents(self, node):
        first = self.tree_parent[node]
        return () if first < 0 else (first,) + tuple(self.extra_parents.get(node, ()))

    def is_tree_ancestor(self, a, x):
        depth, jump, tree_parent = self.depth, self.jump, self.tree_parent
        target = depth[a]
        if depth[x] < target:
            return False
        while depth[x] > target:
            skip = jump[x]
            x = skip if depth[skip] >= target else tree_parent[x]
        return x == a

    def is_ancestor(self, a, x):
        if a == x:
            return True
        lamport = self.lamport
        floor = lamport[a]
        if floor >= lamport[x]:
            return False
        nearest_merge, tree_parent, extra = self.nearest_merge, self.tree_parent, self.extra_parents
        pending = [x]
        queued = {x}
        expanded = set()
        while pending:
            y = pending.pop()
            if self.is_tree_ancestor(a, y):
                return True
            merge = nearest_merge[y]
            while merge >= 0 and lamport[merge] > floor and merge not in expanded:
                expanded.add(merge)
                for parent in extra[merge]:
                    if lamport[parent] >= floor and parent not in queued:
                        queued.add(parent)
                        pending.append(parent)
                up = tree_parent[merge]
                merge = nearest_merge[up] if up >= 0 else -1
        return False


class MergeHistory:
    """Task and todo state at any valid node of the tasks that hold a MERGE whose conflicts
    may be undecidable (defaultStrategy other than lww); the only place MERGE semantics can
    reject a node. Task fields are last-writer registers (the writer of a field at X is the
    greatest node, in total order, among X and its ancestors that writes it); todos are
    replayed from the few nodes that wrote them."""

    def __init__(self, log):
        self.log = log
        self.writers = {}  # node -> tuple of 7 writer nodes (-1: never written)
        self.decisions = {}  # MERGE node -> (task decisions, todo decisions)
        self.todo_writers = {}  # (task, todo) -> [node, ...] in processing order

    def written(self, node, field):
        log = self.log
        action = log.actions[node]
        if action == CREATE:
            return False if field == "archived" else (log.facts[node] or {}).get(field)
        if action == UPDATE:
            return (log.facts[node] or {}).get(field)
        if action == ARCHIVE or action == UNARCHIVE:
            return (action == ARCHIVE) if field == "archived" else None
        if action == MERGE:
            return self.decisions[node][0].get(field)
        return None

    def task_value(self, node, index):
        writer = self.writers[node][index]
        return None if writer < 0 else self.written(writer, TASK_FIELDS[index])

    def register(self, node, parents, decisions):
        log = self.log
        if decisions is not None:
            self.decisions[node] = decisions
        if len(parents) == 1:
            writers = self.writers[parents[0]]  # shared until the node writes a field
        elif not parents:
            writers = (-1,) * len(TASK_FIELDS)
        else:  # a MERGE: per field, the latest writer (in total order) over its parents
            writers = tuple(max((w for w in candidates if w >= 0), key=log.order_key, default=-1)
                            for candidates in zip(*(self.writers[p] for p in parents)))
        writes = [self.written(node, field) is not None for field in TASK_FIELDS]
        if any(writes):
            writers = tuple(node if own else w for own, w in zip(writes, writers))
        self.writers[node] = writers
        todos = []
        if log.actions[node] in (CREATE_TODO, COMPLETE_TODO, SNOOZE):
            todos.append(log.facts[node][0])
        if decisions is not None:
            todos.extend(decisions[1])
        for todo in todos:
            self.todo_writers.setdefault((log.tasks[node], todo), []).append(node)

    def todo_state(self, at, task, todo):
        """[deadline, notes, completed] of a todo in the state at `at`, or None."""
        log, ancestry = self.log, self.log.ancestry
        state = None
        for writer in self.todo_writers.get((task, todo), ()):
            if not ancestry.is_ancestor(writer, at):
                continue
            action, facts = log.actions[writer], log.facts[writer]
            if action == MERGE:
                if state is not None:
                    for field, value in self.decisions[writer][1].get(todo, {}).items():
                        state[TODO_FIELDS.index(field)] = value
            elif action == CREATE_TODO:
                state = [facts[1], facts[2], NULL]
            elif state is not None:
                if action == COMPLETE_TODO:
                    state[2] = facts[1]
                    notes = facts[2]
                else:  # SNOOZE
                    _, days, new_deadline, notes = facts
                    state[0] = new_deadline if days is None else min(state[0] + days * DAY_MS, LATEST_MS)
                if notes is not None:
                    state[1] = notes
        return state

    def todos_written(self, tips, base):
        """Todos written on the branches from `tips` down to (not into) `base`'s ancestry."""
        log, ancestry = self.log, self.log.ancestry
        pending = []
        seen = set()
        for tip in tips:
            if not ancestry.is_ancestor(tip, base) and tip not in seen:
                seen.add(tip)
                pending.append(tip)
        todos = set()
        while pending:
            node = pending.pop()
            if log.actions[node] in (CREATE_TODO, COMPLETE_TODO, SNOOZE):
                todos.add(log.facts[node][0])
            if node in self.decisions:
                todos.update(self.decisions[node][1])
            for parent in ancestry.parents(node):
                if parent not in seen and not ancestry.is_ancestor(parent, base):
                    seen.add(parent)
                    pending.append(parent)
        return sorted(todos)

    def evaluate(self, node, parents, base):
        """What the MERGE `node` decides, or None when a conflict cannot be decided."""
        log = self.log
        _, default, tiebreakers, task_resolutions, todo_resolutions = log.facts[node]
        node_parents = log.parent_ids[node]
        decide = self.decider(node_parents, parents, default, tiebreakers)
        task_decisions = {}
        for index, field in enumerate(TASK_FIELDS):
            value = decide(self.task_value(base, index), [self.task_value(p, index) for p in parents],
                           field in NUMERIC_FIELDS, task_resolutions.get(field))
            if value is FAILED:
                return None
            if value is not None:
                task_decisions[field] = value
        todo_decisions = {}
        task = log.tasks[node]
        for todo in self.todos_written(parents, base):
            base_state = self.todo_state(base, task, todo)
            states = [self.todo_state(p, task, todo) for p in parents]
            resolutions = todo_resolutions.get(todo, {})
            for index, field in enumerate(TODO_FIELDS):
                value = decide(None if base_state is None else base_state[index],
                               [None if s is None else s[index] for s in states], False, resolutions.get(field))
                if value is FAILED:
                    return None
                if value is not None:
                    todo_decisions.setdefault(todo, {})[field] = value
        return task_decisions, todo_decisions

    def decider(self, node_parents, parents, default, tiebreakers):
        log = self.log

        def rank(position):
            parent = parents[position]
            keys = {"lamport": log.lamports[parent], "wall": log.walls[parent], "author": log.authors[parent]}
            return tuple(keys[t] for t in tiebreakers) + (log.ids[parent],)

        def latest(values, changers):
            return values[max(changers, key=rank)]

        def extreme(values, changers, strategy):
            numbers = [values[c] for c in changers if type(values[c]) is int]
            return (max if strategy == "max" else min)(numbers, default=None)

        def decide(base, values, numeric, resolution):
            changers = [i for i, value in enumerate(values) if value != base]
            if not changers:
                return None
            if resolution is not None:
                strategy, chosen, manual = resolution
                if strategy == "ours":
                    return values[node_parents.index(chosen)]
                if strategy == "theirs":
                    other = next((i for i in range(len(values)) if node_parents[i] != chosen), None)
                    return None if other is None else values[other]
                if strategy == "manual":
                    return manual
                if strategy == "lww":
                    return latest(values, changers)
                if strategy in ("max", "min"):
                    return extreme(values, changers, strategy)
                return FAILED  # union: refused when the node was checked
            first = values[changers[0]]
            if all(values[c] == first for c in changers):
                return first
            if default == "lww":
                return latest(values, changers)
            if default in ("max", "min") and numeric:
                return extreme(values, changers, default)
            return FAILED

        return decide


FAILED = object()


class LogRules:
    """The log-level rules over all records, in one pass. Nodes (one per id, from the
    records that passed the node-level rules) live in parallel lists indexed by node."""

    def __init__(self, records):
        self.records = records
        self.status = [VALID] * len(records)
        self.code = [None] * len(records)
        self.ids, self.tasks, self.actions, self.parent_ids = [], [], [], []
        self.lamports, self.walls, self.authors, self.facts = [], [], [], []
        self.representative = []  # node -> its record
        self.index = {}  # id -> node
        self.rejected_ids = set()  # ids claimed only by records that failed node-level rules
        self.group()

    def order_key(self, node):
        return self.lamports[node], self.walls[node], self.ids[node]

    def group(self):
        """Records of one id are one node: the first passing record stands for it, later
        passing ones are duplicates; failing records are rejected on their own."""
        index, failed = self.index, set()
        interned = {}
        for position, record in enumerate(self.records):
            if len(record) == 3:
                _, code, claimed = record
                self.status[position] = REJECTED
                self.code[position] = CODES[code]
                if claimed is not None:
                    failed.add(claimed)
                continue
            _, node_id, task, action, parents, lamport, wall, author, facts = record
            if node_id in index:
                self.status[position] = DUPLICATE
                continue
            index[node_id] = len(self.ids)
            self.ids.append(node_id)
            self.tasks.append(interned.setdefault(task, task))
            self.actions.append(action)
            self.parent_ids.append(parents)
            self.lamports.append(lamport)
            self.walls.append(wall)
            self.authors.append(interned.setdefault(author, author))
            self.facts.append(facts)
            self.representative.append(position)
        self.rejected_ids = {i for i in failed if i not in index}

    def processing_order(self, parent_nodes):
        """Parents first, ties by total order (lamport, wall, id): the same order for any
        input order. When sorting by total order already puts every parent first (always,
        for a consistent log), that sort is the order; else Kahn's algorithm with a heap."""
        count = len(self.ids)
        order = sorted(range(count), key=self.order_key)
        rank = [0] * count
        for position, node in enumerate(order):
            rank[node] = position
        if all(rank[p] < rank[node] for node in range(count) for p in parent_nodes[node] if p >= 0):
            return order
        pending = [0] * count
        children = [[] for _ in range(count)]
        for node in range(count):
            for p in parent_nodes[node]:
                if p >= 0:
                    pending[node] += 1
                    children[p].append(node)
        heap = [self.order_key(n) + (n,) for n in range(count) if pending[n] == 0]
        heapq.heapify(heap)
        order = []
        while heap:
            node = heapq.heappop(heap)[-1]
            order.append(node)
            for child in children[node]:
                pending[child] -= 1
                if pending[child] == 0:
                    heapq.heappush(heap, self.order_key(child) + (child,))
        if len(order) < count:  # a cycle: impossible with verified ids; process the rest last
            placed = set(order)
            order += sorted((n for n in range(count) if n not in placed), key=self.order_key)
        return order

    def run(self):
        ids, tasks, actions, lamports, facts = self.ids, self.tasks, self.actions, self.lamports, self.facts
        count = len(ids)
        index, rejected_ids = self.index, self.rejected_ids
        parent_nodes = [tuple(index.get(p, -1) for p in parents) for parents in self.parent_ids]
        order = self.processing_order(parent_nodes)

        original_create = {}
        for node in range(count):
            if actions[node] == CREATE:
                best = original_create.get(tasks[node])
                if best is None or (self.walls[node], ids[node]) < (self.walls[best], ids[best]):
                    original_create[tasks[node]] = node

        # Tasks with a MERGE whose conflicts could be undecidable need the merge history.
        history_tasks = {tasks[n] for n in range(count) if actions[n] == MERGE and facts[n][1] != "lww"}
        history = MergeHistory(self) if history_tasks else None

        state = [UNPROCESSED] * count
        self.ancestry = ancestry = Ancestry(count, lamports)
        is_ancestor = ancestry.is_ancestor
        todo_creators = {}  # (task, todo) -> first valid CREATE_TODO in processing order

        for node in order:
            task, action, parents = tasks[node], actions[node], parent_nodes[node]
            own = NO_CODE
            ancestor_rejected = below_delete = False
            all_known = all_valid = True
            for k, p in enumerate(parents):
                if p >= 0:
                    if tasks[p] != task:
                        own = PARENT
                        all_valid = False
                    parent_state = state[p]
                    if parent_state == OK:
                        if actions[p] == DELETE:
                            below_delete = True
                            all_valid = False
                    elif parent_state == REJECTED_OWN or parent_state == ANCESTOR_BAD:
                        ancestor_rejected = True
                        all_valid = False
                    elif parent_state == BELOW_DELETE:
                        below_delete = True
                        all_valid = False
                    else:
                        all_valid = False
                else:
                    if self.parent_ids[node][k] in rejected_ids:
                        ancestor_rejected = True
                    else:
                        own = min(own, PARENT)
                    all_known = all_valid = False

            if action == CREATE:
                if lamports[node] != 1:
                    own = min(own, LAMPORT)
                if original_create[task] != node:
                    own = min(own, DUPLICATE_CREATE)
            elif all_known and lamports[node] != max(lamports[p] for p in parents) + 1:
                own = min(own, LAMPORT)

            todo = facts[node][0] if action in (CREATE_TODO, COMPLETE_TODO, SNOOZE) else None
            if todo == task:
                own = min(own, TODO_REF)

            decisions = None
            if all_valid:  # rules over the node's history, which is all valid here
                if action == COMPLETE_TODO or action == SNOOZE:
                    if todo != task:
                        creator = todo_creators.get((task, todo))
                        if creator is None or not any(is_ancestor(creator, p) for p in parents):
                            own = min(own, TODO_REF)
                elif action == CREATE_TODO:
                    if todo != task and (task, todo) in todo_creators:
                        own = min(own, TODO_REF)
                elif action == DELETE:
                    if not self.chain_is_ancestry(facts[node], parents, parent_nodes):
                        own = min(own, MISSING_CHAIN)
                elif action == MERGE:
                    base = index.get(facts[node][0])
                    if (base is None or tasks[base] != task or state[base] != OK
                            or not all(is_ancestor(base, p) for p in parents)):
                        own = min(own, PARENT)
                    elif own == NO_CODE and history is not None and task in history_tasks:
                        decisions = history.evaluate(node, parents, base)
                        if decisions is None:
                            own = SCHEMA  # a conflict its defaultStrategy cannot decide

            if own != NO_CODE:
                state[node] = REJECTED_OWN
                code = own
            elif ancestor_rejected:
                state[node] = ANCESTOR_BAD
                code = ANCESTOR_REJECTED
            elif below_delete:
                state[node] = BELOW_DELETE
                code = AFTER_DELETE
            else:
                state[node] = OK
                ancestry.add(node, parents)
                if action == CREATE_TODO:
                    todo_creators.setdefault((task, todo), node)
                if history is not None and task in history_tasks:
                    history.register(node, parents, decisions)
                continue
            record = self.representative[node]
            self.status[record] = REJECTED
            self.code[record] = CODES[code]
        return self.status, self.code

    def chain_is_ancestry(self, chain, parents, parent_nodes):
        """Whether a deletedChain holds exactly the DELETE's ancestors. The walk stops once
        it has seen more ancestors than the chain lists: its cost is bounded by the input."""
        limit = len(chain)
        seen = set(parents)
        if len(seen) > limit:
            return False
        pending = list(seen)
        while pending:
            for p in parent_nodes[pending.pop()]:
                if p >= 0 and p not in seen:
                    seen.add(p)
                    if len(seen) > limit:
                        return False
                    pending.append(p)
        ids = self.ids
        return {ids[n] for n in seen} == set(chain)


# ---------------------------------------------------------------------------------------

def binary_data_offset(path):
    """redo-conform refuses a file with a NUL byte in its first 8 KiB (not a text file)."""
    with open(path, "rb") as f:
        nul = f.read(8192).find(b"\0")
    return None if nul < 0 else nul


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a JSON Lines log, one node per line")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--profile", choices=("synced", "local"), default="synced",
                        help="synced (default): a signature is required; local: it may be absent")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--nodes-only", action="store_true", help="node-level rules only, each record alone")
    modes.add_argument("--crypto-only", action="store_true", help="ids and signatures only (the old benchmark)")
    parser.add_argument("--report", action="store_true", help="print LINE<TAB>STATUS<TAB>CODE per record, no summary")
    parser.add_argument("--max-record-bytes", type=int, default=MAX_RECORD_BYTES,
                        help=f"a longer line is rejected (default {MAX_RECORD_BYTES}, as redo-conform)")
    args = parser.parse_args()
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    try:
        size = os.path.getsize(args.file)
        nul = binary_data_offset(args.file)
    except OSError as error:
        print(f"validate_peer.py: {error}", file=sys.stderr)
        return 2

    started = time.perf_counter()
    rows = []  # (line, status, code) per record, in line order
    if nul is not None:
        print(f"validate_peer.py: {args.file}: binary data at byte {nul}, not JSON", file=sys.stderr)
    else:
        step = -(-size // args.workers)  # ceiling division; workers align to line starts
        tasks = [(args.file, i * step, min(size, (i + 1) * step), args.profile, args.max_record_bytes)
                 for i in range(args.workers)]
        worker = crypto_range if args.crypto_only else judge_range
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(worker, tasks, chunksize=1)
        records = []
        offset = 0
        for lines, part in results:  # line numbers local to a range -> the file's
            records += [(record[0] + offset,) + record[1:] for record in part] if offset else part
            offset += lines
        del results
        if args.crypto_only:
            rows = [(r[0], VALID if r[1] else REJECTED, None) for r in records]
        elif args.nodes_only:
            rows = [(r[0], REJECTED, CODES[r[1]]) if len(r) == 3 else (r[0], VALID, None) for r in records]
        else:
            status, code = LogRules(records).run()
            rows = [(r[0], s, c) for r, s, c in zip(records, status, code)]
    seconds = time.perf_counter() - started

    valid = sum(1 for row in rows if row[1] == VALID)
    if args.report:
        out = sys.stdout
        for start in range(0, len(rows), 65536):
            out.write("".join(f"{line}\t{status}\t{code or '-'}\n" for line, status, code in rows[start:start + 65536]))
    else:
        shown = 0
        for line, status, code in rows:
            if status == REJECTED and shown < 5:
                print(f"python-peer: line {line} rejected {code or ''}".rstrip(), file=sys.stderr)
                shown += 1
        rate = len(rows) / seconds if seconds > 0 else 0.0
        print(f"python-peer {len(rows)} nodes {seconds:.3f} s {rate:.0f} nodes/s {valid} valid")
    return 0 if valid == len(rows) and nul is None else 1


if __name__ == "__main__":
    sys.exit(main())
