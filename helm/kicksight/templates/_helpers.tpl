{{/* Chart name, truncated to the 63 characters a DNS label allows. */}}
{{- define "kicksight.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name; "kicksight" when the release is itself named kicksight. */}}
{{- define "kicksight.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Name of one workload's objects, e.g. kicksight-auth. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.workloadName" -}}
{{- printf "%s-%s" (include "kicksight.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "kicksight.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels shared by every object of the release. */}}
{{- define "kicksight.labels" -}}
helm.sh/chart: {{ include "kicksight.chart" . }}
app.kubernetes.io/part-of: kicksight
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- if .Chart.AppVersion }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end }}
{{- end }}

{{/* Selector labels of one workload. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/* All labels of one workload's objects. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.workloadLabels" -}}
{{ include "kicksight.labels" .root }}
{{ include "kicksight.selectorLabels" . }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Name of the ConfigMap holding the shared, non-secret settings. */}}
{{- define "kicksight.configName" -}}
{{- printf "%s-config" (include "kicksight.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
One workload's settings: .Values.defaults overlaid with .Values.services.<name>.
Returns YAML; use with fromYaml. Call with (dict "root" $ "name" "auth").
*/}}
{{- define "kicksight.workload" -}}
{{- $cfg := index .root.Values.services .name | default dict }}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $cfg)) }}
{{- end }}

{{/* Image reference of one workload. Call with (dict "root" $ "image" $svc.image). */}}
{{- define "kicksight.image" -}}
{{- $registry := .image.registry | default .root.Values.image.registry }}
{{- $tag := .image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- if $registry }}
{{- printf "%s/%s:%s" (trimSuffix "/" $registry) .image.repository $tag }}
{{- else }}
{{- printf "%s:%s" .image.repository $tag }}
{{- end }}
{{- end }}

{{/* URL of one workload's public port inside the cluster. Call with (dict "root" $ "name" "auth"). */}}
{{- define "kicksight.url" -}}
{{- $svc := index .root.Values.services .name }}
{{- printf "http://%s:%v" (include "kicksight.workloadName" .) $svc.port }}
{{- end }}
