"""Accounts: who a person is (the account and its ratings), their password's hash, the
signed session cookie, and the arithmetic that moves ratings after a rated match. No I/O:
the store keeps accounts (:mod:`briscola.store.accounts`), the service serves them."""
