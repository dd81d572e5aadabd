# The Node base of every Kicksight image (scripts/images.sh bases), tagged as the root Dockerfile's FROM: the Debian
# base made by debootstrap, the npm registry's node binary and npm, and the unprivileged `node` user (uid 1000) the
# images run as. The build context holds `node` (the binary) and `npm/` (npm's package).
ARG DEBIAN_BASE
FROM ${DEBIAN_BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
