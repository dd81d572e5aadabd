#!/usr/bin/env bash
# Apache Kafka of the local stack, as scripts/processes.yaml runs it: one KRaft node (broker and
# controller in one process) with its data in .stack/data/kafka, formatted on the first start.
# Needs KAFKA_LIB (the jars, fetched by scripts/stack.sh), KS_STACK_DIR and the KS_KAFKA_* ports.
set -euo pipefail

DATA=$KS_STACK_DIR/data/kafka
CONF=$DATA/config
HOST=127.0.0.1

write_config() {
  mkdir -p "$CONF" "$DATA/logs"
  cat >"$CONF/server.properties" <<PROPERTIES
# Written by scripts/servers/kafka.sh on every start: edit the script, not this file.
# Single-node KRaft cluster (broker and controller in one process).
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KS_KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KS_KAFKA_PORT,CONTROLLER://$HOST:$KS_KAFKA_CONTROLLER_PORT,FAULT://$HOST:$KS_KAFKA_FAULT_PORT
# FAULT advertises the address where tests put a Toxiproxy proxy that
# forwards to the FAULT listener, so clients bootstrapped through the proxy
# keep talking through it.
advertised.listeners=PLAINTEXT://$HOST:$KS_KAFKA_PORT,FAULT://$HOST:$KS_KAFKA_FAULT_PROXY_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,FAULT:PLAINTEXT
log.dirs=$DATA/logs
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
log.retention.hours=168
log.retention.check.interval.ms=300000
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
PROPERTIES
  cp "$(dirname "${BASH_SOURCE[0]}")/kafka-log4j.properties" "$CONF/log4j.properties"
}

kafka_java() {
  java -Djava.awt.headless=true -cp "$KAFKA_LIB/*" -Dlog4j.configuration="file:$CONF/log4j.properties" "$@"
}

# The cluster id is made once; the storage is formatted once with it.
format_storage() {
  local id
  if [[ ! -s "$DATA/cluster-id" ]]; then
    id=$(kafka_java -Xmx128m kafka.tools.StorageTool random-uuid | tail -n 1)
    [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || {
      echo "kafka: StorageTool random-uuid gave no cluster id" >&2
      exit 1
    }
    printf '%s\n' "$id" >"$DATA/cluster-id"
  fi
  read -r id <"$DATA/cluster-id"
  if [[ ! -f "$DATA/logs/meta.properties" ]]; then
    kafka_java -Xmx256m kafka.tools.StorageTool format -t "$id" -c "$CONF/server.properties" --ignore-formatted
  fi
}

write_config
format_storage
exec java -Xmx512m -Xms256m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
  -Djava.awt.headless=true -cp "$KAFKA_LIB/*" -Dlog4j.configuration="file:$CONF/log4j.properties" \
  kafka.Kafka "$CONF/server.properties"
