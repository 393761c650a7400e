"""Alembic environment: run by ``Database`` at start on the connection it hands over.

The caller has already opened a transaction (and, on PostgreSQL, taken an advisory lock), so two
processes starting together migrate one after the other and the second finds nothing to do.
"""

from alembic import context

from tutor.progress.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through tutor.progress.store.Database")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
