# Apache Kafka, one KRaft node, from the jars the local stack fetches from Maven Central and Debian's JRE
# (scripts/images.sh stores). Configured like the apache/kafka image: each KAFKA_<NAME> variable is the property
# <name> (lower case, `_` for `.`). The build context holds `libs/` (the jars) and the stack's logging settings.
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
# apt-get without questions (a build argument: the image keeps no such setting).
ARG DEBIAN_FRONTEND=noninteractive
ARG JAVA_APT_PACKAGE
RUN apt-get update && apt-get install -y --no-install-recommends "${JAVA_APT_PACKAGE}" \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1001 --system --create-home --home-dir /var/lib/kafka kafka \
 && mkdir -p /var/lib/kafka/data && chown -R kafka:kafka /var/lib/kafka
COPY libs /opt/kafka/libs
COPY kafka-log4j.properties /opt/kafka/log4j.properties
COPY kafka-entrypoint.sh /usr/local/bin/kafka-entrypoint.sh
USER kafka
EXPOSE 9092
ENTRYPOINT ["kafka-entrypoint.sh"]
