"""Staff account commands: python -m renovation_app.cli create-user|set-password|deactivate-user|list-users."""

import argparse
import getpass
import sys
import warnings

from renovation_app.services.staff import passwords, users

NO_TERMINAL = "There is no terminal to type the password in: pipe it in with --password-stdin."


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        if sys.stdin is None:  # started with its standard input closed
            raise passwords.AccountError("--password-stdin: standard input is closed.")
        return sys.stdin.readline().rstrip("\n")
    try:
        with warnings.catch_warnings():
            # Without a terminal getpass reads the password from stdin with a warning (echoed
            # where it could be), or fails with EOFError: say what to do instead.
            warnings.simplefilter("error", getpass.GetPassWarning)
            first = getpass.getpass("Password: ")
            second = getpass.getpass("Password again: ")
    except getpass.GetPassWarning:
        raise passwords.AccountError(NO_TERMINAL) from None
    except EOFError:
        raise passwords.AccountError("No password was typed.") from None
    if first != second:
        raise passwords.AccountError("The two passwords are not the same.")
    return first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renovation_app.cli")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-user", help="make a staff account")
    create.add_argument("--email", required=True)
    create.add_argument("--name", required=True)
    create.add_argument("--admin", action="store_true", help="give the account the admin role")
    create.add_argument("--password-stdin", action="store_true")
    set_pw = commands.add_parser("set-password", help="give an account a new password")
    set_pw.add_argument("--email", required=True)
    set_pw.add_argument("--password-stdin", action="store_true")
    deactivate = commands.add_parser("deactivate-user", help="turn an account off")
    deactivate.add_argument("--email", required=True)
    commands.add_parser("list-users", help="show every account")
    args = parser.parse_args(argv)

    try:
        if args.command == "create-user":
            password = _read_password(args.password_stdin)
            user = users.create_user(args.email, args.name, password, admin=args.admin)
            print(f"Created {user.role} {user.email}.")
        elif args.command == "set-password":
            users.set_password(args.email, _read_password(args.password_stdin))
            print(f"Password changed for {args.email}.")
        elif args.command == "deactivate-user":
            users.deactivate_user(args.email)
            print(f"Deactivated {args.email}; its sessions are signed out.")
        else:
            for user in users.list_users():
                state = "active" if user.active else "inactive"
                print(f"{user.email}\t{user.name}\t{user.role}\t{state}")
    except passwords.AccountError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
