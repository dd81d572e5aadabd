# FerretDB with its SQLite backend (the MongoDB wire protocol), the build the local stack makes with Go
# (scripts/images.sh stores). Settings as FERRETDB_* variables; data in /state. The build context holds `ferretdb`.
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
COPY ferretdb /usr/local/bin/ferretdb
RUN useradd --uid 1002 --system ferretdb && mkdir /state && chown ferretdb /state
ENV FERRETDB_HANDLER=sqlite \
    FERRETDB_SQLITE_URL=file:/state/ \
    FERRETDB_STATE_DIR=/state \
    FERRETDB_LISTEN_ADDR=:27017 \
    FERRETDB_DEBUG_ADDR=- \
    FERRETDB_TELEMETRY=disable \
    DO_NOT_TRACK=1
WORKDIR /state
USER ferretdb
EXPOSE 27017
ENTRYPOINT ["ferretdb"]
