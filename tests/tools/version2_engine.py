"""A seat-protocol engine that speaks version 2 alone, for the referee's
test: it refuses a hello of any other version, as a version 2 engine does,
and passes every other line to the real engine it runs (its arguments, e.g.
`kibitz engine --agent random`) in version 2, which refuses version 3's
fields. So a referee that sent it "legal", or did not fall back to version
2, fails its arena."""

import json
import subprocess
import sys


def main():
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "hello" and message.get("version") != 2:
            reply = {"type": "error", "request": "hello",
                     "message": "this engine speaks version 2 of kibitz-seat, not version %s" % message.get("version")}
            print(json.dumps(reply, separators=(",", ":")), flush=True)
            continue
        engine.stdin.write(line if line.endswith("\n") else line + "\n")
        engine.stdin.flush()
        print(engine.stdout.readline(), end="", flush=True)
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
