#!/usr/bin/env python3
"""Prints the Python peer's own protocol tables -- the constants in redo_protocol.py that
validate_peer.py's checks use -- in the shape of Vectors/protocol-tables.json (never read
here), for Peers/tables-check.mjs to compare:

    python3 Peers/python/tables.py

Sections: codes, actions, reservedNames, fields, merge, limits. No rules: the peer gives a
status and a primary code per record and has no rule ids. Standard library only.
"""
import json
import sys

from redo_protocol import (
    ACTION_TABLE, ARRAY_STRATEGY_NAMES, CODE_SEVERITY, CODE_TABLE, MAX_PAYLOAD_BYTES, MAX_RECORD_BYTES, METADATA,
    RESERVED_ENVELOPE, RESERVED_STATE, STRATEGY_NAMES, TASK_FIELDS, TIEBREAKER_NAMES, TODO_FIELDS,
)

tables = {
    "format": "redo-conform/protocol-tables",
    "version": 1,
    "peer": "python",
    "codes": [{"code": code, "level": level, "severity": CODE_SEVERITY} for code, level in CODE_TABLE],
    "actions": [{"action": name, "minParents": low, "maxParents": high} for name, low, high in ACTION_TABLE],
    "reservedNames": {"envelope": list(RESERVED_ENVELOPE), "state": list(RESERVED_STATE)},
    "fields": {"taskMetadata": list(METADATA), "task": list(TASK_FIELDS), "todo": list(TODO_FIELDS)},
    "merge": {
        "strategies": list(STRATEGY_NAMES),
        "lwwTiebreakers": list(TIEBREAKER_NAMES),
        "arrayStrategies": list(ARRAY_STRATEGY_NAMES),
    },
    "limits": {"recordBytes": MAX_RECORD_BYTES, "payloadCanonicalBytes": MAX_PAYLOAD_BYTES},
}
json.dump(tables, sys.stdout, indent=2)
sys.stdout.write("\n")
