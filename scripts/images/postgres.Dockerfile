# PostgreSQL from Debian's package, the major version the local stack runs (scripts/images.sh stores). Takes
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB on its first start; server options as arguments (`-c port=...`).
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
# apt-get without questions (a build argument: the image keeps no such setting).
ARG DEBIAN_FRONTEND=noninteractive
ARG POSTGRES_MAJOR
# Debian's package would make a cluster of its own at install: the entry point makes one on the first start instead.
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf \
 && apt-get update && apt-get install -y --no-install-recommends "postgresql-${POSTGRES_MAJOR}" \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql && chmod 700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/${POSTGRES_MAJOR}/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
USER postgres
EXPOSE 5432
ENTRYPOINT ["postgres-entrypoint.sh"]
CMD ["postgres"]
