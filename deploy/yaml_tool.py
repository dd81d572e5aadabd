"""YAML helpers of the deployment checks, run with the kubernetes-validate venv's Python
(PyYAML and jsonschema come with kubernetes-validate).

  yaml_tool.py to-json                 multi-document YAML on stdin -> JSON array on stdout
  yaml_tool.py to-yaml                 JSON array on stdin -> multi-document YAML on stdout
  yaml_tool.py check-schema <schema>   YAML document on stdin against a JSON schema file;
                                       prints a JSON array of errors (empty when valid)
"""
import json
import sys

import jsonschema
import yaml


def to_json() -> None:
    docs = [doc for doc in yaml.safe_load_all(sys.stdin) if doc is not None]
    json.dump(docs, sys.stdout)


def to_yaml() -> None:
    yaml.safe_dump_all(json.load(sys.stdin), sys.stdout, sort_keys=False, default_flow_style=False, width=120)


def check_schema(schema_path: str) -> None:
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    document = yaml.safe_load(sys.stdin)
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = [
        {"path": "/".join(str(p) for p in error.absolute_path), "message": error.message}
        for error in validator.iter_errors(document)
    ]
    json.dump(errors, sys.stdout)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "to-json":
        to_json()
    elif command == "to-yaml":
        to_yaml()
    elif command == "check-schema" and len(sys.argv) == 3:
        check_schema(sys.argv[2])
    else:
        sys.exit(__doc__)
