#!/bin/sh
# Writes server.properties from the KAFKA_* variables (KAFKA_NODE_ID=1 is node.id=1), formats the storage on the
# first start (CLUSTER_ID, or a new one) and runs the broker in the foreground, logging to stdout as the local stack's.
set -eu
CONF=/var/lib/kafka/config
mkdir -p "$CONF"
{
  echo "log.dirs=/var/lib/kafka/data"
  env | grep '^KAFKA_' | grep -v '^KAFKA_HEAP_OPTS=' | while IFS='=' read -r name value; do
    printf '%s=%s\n' "$(printf '%s' "${name#KAFKA_}" | tr 'A-Z_' 'a-z.')" "$value"
  done
} >"$CONF/server.properties"
kafka_java() {
  java -Djava.awt.headless=true -cp '/opt/kafka/libs/*' -Dlog4j.configuration=file:/opt/kafka/log4j.properties "$@"
}
if [ ! -f /var/lib/kafka/data/meta.properties ]; then
  id=${CLUSTER_ID:-$(kafka_java -Xmx128m kafka.tools.StorageTool random-uuid | tail -n 1)}
  kafka_java -Xmx256m kafka.tools.StorageTool format -t "$id" -c "$CONF/server.properties" --ignore-formatted
fi
# shellcheck disable=SC2086
exec java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m} -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
  -Djava.awt.headless=true -cp '/opt/kafka/libs/*' -Dlog4j.configuration=file:/opt/kafka/log4j.properties \
  kafka.Kafka "$CONF/server.properties"
