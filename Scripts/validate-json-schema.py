#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12) with Python's jsonschema,
an implementation independent of redo-conform. A test helper only: the product never
needs Python.

    validate-json-schema.py SCHEMA FILE... [--invalid FILE...]

Every FILE before --invalid must validate; every FILE after it must not (so a schema
that accepts anything fails). The schema itself is checked against its meta-schema
first. Exit status: 0 all as expected, 1 otherwise, 2 usage or an unreadable file.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate-json-schema: Python's jsonschema is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(2)


def load(path):
    with open(path, "rb") as handle:
        return json.loads(handle.read().decode("utf-8"))


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    schema_path, rest = argv[0], argv[1:]
    valid_files, invalid_files = rest, []
    if "--invalid" in rest:
        cut = rest.index("--invalid")
        valid_files, invalid_files = rest[:cut], rest[cut + 1:]
    try:
        schema = load(schema_path)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"{schema_path}: not a usable schema: {error}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0
    for path, expect_valid in [(p, True) for p in valid_files] + [(p, False) for p in invalid_files]:
        try:
            document = load(path)
        except (OSError, ValueError) as error:
            print(f"{path}: unreadable: {error}", file=sys.stderr)
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if expect_valid and errors:
            failures += 1
            for error in errors[:5]:
                where = "$" + "".join(f"[{part!r}]" for part in error.absolute_path)
                print(f"{path}: {where}: {error.message[:300]}")
        elif not expect_valid and not errors:
            failures += 1
            print(f"{path}: accepted, but the schema must reject it")
    checked = len(valid_files) + len(invalid_files)
    print(f"{schema_path}: {checked - failures} of {checked} documents as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
