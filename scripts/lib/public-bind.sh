# shellcheck shell=bash
# public_bind_warning <host>: the warning `up` prints when HOST makes every process listen beyond this
# machine (anything but a loopback address); nothing for a loopback one or none.
public_bind_warning() {
  case "${1:-127.0.0.1}" in
    127.* | localhost | ::1 | '[::1]') ;;
    *) printf 'WARNING: HOST=%s: every process listens on that address and is reachable from other machines\n' "$1" ;;
  esac
}
