"""Writes a large scenario for Scripts/bench/scenario-bench.sh: NODES/5 tasks, each a CREATE,
two UPDATEs, a CREATE_TODO and a COMPLETE_TODO, as PREFIX.json and PREFIX.yaml (one flow
mapping per node)."""
import json
import sys

nodes, prefix = int(sys.argv[1]), sys.argv[2]
tasks = nodes // 5
doc = {
    "comment": f"{nodes} nodes over {tasks} tasks, for the benchmark",
    "authors": {"a": {"seed": "bench", "devices": ["phone"]}},
    "tasks": [f"t{t}" for t in range(tasks)],
    "todos": [f"todo{t}" for t in range(tasks)],
    "nodes": [],
}
for t in range(tasks):
    n = doc["nodes"]
    n.append({"name": f"c{t}", "task": f"t{t}", "action": "CREATE", "payload": {"title": f"Task {t}", "priority": 3}})
    n.append({"name": f"u{t}", "task": f"t{t}", "action": "UPDATE", "parents": [f"c{t}"], "payload": {"storyPoints": 5}})
    n.append({"name": f"v{t}", "task": f"t{t}", "action": "UPDATE", "parents": [f"u{t}"], "payload": {"title": f"Task {t}'"}})
    n.append({"name": f"m{t}", "task": f"t{t}", "action": "CREATE_TODO", "parents": [f"v{t}"],
              "payload": {"todoTaskId": f"todo{t}", "deadline": "2025-11-01T09:00:00.000Z"}})
    n.append({"name": f"d{t}", "task": f"t{t}", "action": "COMPLETE_TODO", "parents": [f"m{t}"],
              "payload": {"todoTaskId": f"todo{t}", "completed": "2025-11-01T10:00:00.000Z"}})
with open(prefix + ".json", "w") as f:
    json.dump(doc, f, ensure_ascii=False)
with open(prefix + ".yaml", "w") as f:
    f.write(f"comment: {json.dumps(doc['comment'])}\n")
    f.write('authors:\n  a: {seed: bench, devices: [phone]}\n')
    f.write("tasks:\n" + "".join(f"  - {json.dumps(t)}\n" for t in doc["tasks"]))
    f.write("todos:\n" + "".join(f"  - {json.dumps(t)}\n" for t in doc["todos"]))
    f.write("nodes:\n" + "".join(f"  - {json.dumps(n, ensure_ascii=False)}\n" for n in doc["nodes"]))
