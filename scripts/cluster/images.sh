# shellcheck shell=bash
# The images the one-node cluster runs, imported into its containerd (nothing can be pulled here):
#   - the pause image, CoreDNS and metrics-server: one static binary each, packed here as an OCI image archive;
#   - the product and store images, built by scripts/images.sh's engine and saved from it.
# Sourced by scripts/cluster.sh after build.sh.

COREDNS_IMAGE=kicksight/coredns:$COREDNS_VERSION
METRICS_SERVER_IMAGE=kicksight/metrics-server:$METRICS_SERVER_VERSION
# scripts/images.sh (its engine, its builds and the tags it gives).
IMAGES_SCRIPT=${KS_IMAGES_SCRIPT:-$KS_ROOT/scripts/images.sh}

# blob <dir> <file>: moves a file into an OCI layout's blobs by its digest; prints "sha256:<hex> <size>".
blob() {
  local dir=$1 file=$2 hex size
  hex=$(sha256sum "$file" | cut -d' ' -f1)
  size=$(stat -c %s "$file")
  mv "$file" "$dir/blobs/sha256/$hex"
  printf 'sha256:%s %s\n' "$hex" "$size"
}

# binary_image_archive <ref> <binary> <path in image> <out.tar>: an OCI image archive of one static binary, run as
# the image's entrypoint.
binary_image_archive() {
  local ref=$1 binary=$2 path=$3 out=$4 work layer config manifest layer_digest layer_size c_digest c_size m_digest m_size
  # The name the runtime looks an image up by: one without a registry is Docker Hub's.
  [[ ${ref%%/*} == *.* || ${ref%%/*} == *:* ]] || ref=docker.io/$ref
  work=$(mktemp -d)
  mkdir -p "$work/rootfs$(dirname "$path")" "$work/rootfs/tmp" "$work/oci/blobs/sha256"
  cp "$binary" "$work/rootfs$path"
  chmod 755 "$work/rootfs$path"
  chmod 1777 "$work/rootfs/tmp"
  layer=$work/layer.tar
  tar -C "$work/rootfs" --owner=0 --group=0 --numeric-owner --mtime=@0 --sort=name -cf "$layer" .
  read -r layer_digest layer_size < <(blob "$work/oci" "$layer")
  config=$work/config.json
  printf '{"architecture":"amd64","os":"linux","config":{"Entrypoint":["%s"]},"rootfs":{"type":"layers","diff_ids":["%s"]}}' \
    "$path" "$layer_digest" >"$config"
  read -r c_digest c_size < <(blob "$work/oci" "$config")
  manifest=$work/manifest.json
  printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"%s","size":%s}]}' \
    "$c_digest" "$c_size" "$layer_digest" "$layer_size" >"$manifest"
  read -r m_digest m_size < <(blob "$work/oci" "$manifest")
  printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"%s","size":%s,"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}' \
    "$m_digest" "$m_size" "$ref" "${ref##*:}" >"$work/oci/index.json"
  printf '{"imageLayoutVersion":"1.0.0"}' >"$work/oci/oci-layout"
  tar -C "$work/oci" -cf "$out" .
  rm -rf "$work"
}

ctr_k8s() { ctr --address "$CONTAINERD_SOCKET" -n k8s.io "$@"; }

import_binary_images() {
  local dir=$CLUSTER_DIR/images
  mkdir -p "$dir"
  binary_image_archive "$PAUSE_IMAGE" "$KUBE_HOME/bin/pause" /pause "$dir/pause.tar"
  binary_image_archive "$COREDNS_IMAGE" "$COREDNS_HOME/bin/coredns" /coredns "$dir/coredns.tar"
  binary_image_archive "$METRICS_SERVER_IMAGE" "$METRICS_SERVER_HOME/bin/metrics-server" /metrics-server "$dir/metrics-server.tar"
  local archive
  for archive in "$dir"/*.tar; do
    ctr_k8s images import "$archive" >>"$(log_file images)" 2>&1 ||
      die images "importing $(basename "$archive") failed (see $(rel_path "$(log_file images)"))"
  done
}

# The product and store images: built by scripts/images.sh when one is missing from its engine, then saved from it
# into containerd.
import_engine_images() {
  [[ -x "$IMAGES_SCRIPT" ]] || die images "no $IMAGES_SCRIPT: the product and store images are built with it"
  local host refs ref missing=0 log
  log=$(log_file images)
  host=$("$IMAGES_SCRIPT" engine up 2>>"$log" | sed -n 's/^DOCKER_HOST=//p' | tail -1)
  [[ -n "$host" ]] || die images "scripts/images.sh engine up printed no DOCKER_HOST (see $(rel_path "$log"))"
  mapfile -t refs < <("$IMAGES_SCRIPT" tags | cut -d= -f2)
  ((${#refs[@]} > 0)) || die images "scripts/images.sh tags named no image"
  for ref in "${refs[@]}"; do
    DOCKER_HOST=$host /usr/bin/docker image inspect "$ref" >/dev/null 2>&1 || missing=1
  done
  if ((missing)); then
    note images "building the product and store images (scripts/images.sh build, stores)"
    "$IMAGES_SCRIPT" build >>"$log" 2>&1 || die images "scripts/images.sh build failed (see $(rel_path "$log"))"
    "$IMAGES_SCRIPT" stores >>"$log" 2>&1 || die images "scripts/images.sh stores failed (see $(rel_path "$log"))"
  fi
  note images "importing ${#refs[*]} images into the cluster"
  for ref in "${refs[@]}"; do
    # containerd names an image without a registry as Docker Hub's.
    ctr_k8s images ls -q | grep -qx -e "$ref" -e "docker.io/$ref" && continue
    DOCKER_HOST=$host /usr/bin/docker save "$ref" | ctr_k8s images import - >>"$log" 2>&1 ||
      die images "importing $ref failed (see $(rel_path "$log"))"
  done
}

import_images() {
  import_binary_images
  import_engine_images
}
