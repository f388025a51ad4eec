import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '#features/client-config/api';

type SchoolMapProps = { name: string; latitude: number | null; longitude: number | null };

/** About 0.1 degree across at the latitudes of France (spec 2 §7's initial span). */
const ZOOM = 13;

/**
 * The school on a map (spec 2 §2.14): Leaflet at the directory's latitude and longitude, the
 * school a circle (no marker image to ship). Tiles come from the operator's configuration; with
 * none (the default) no third party is called: the map shows the point alone, and a link opens
 * the place on OpenStreetMap at the user's choice. A school the directory lacks gets the spec's
 * message instead.
 */
export function SchoolMap({ name, latitude, longitude }: SchoolMapProps) {
  const { t } = useTranslation();
  const config = useClientConfig();
  if (latitude === null || longitude === null) {
    return (
      <Alert color="gray" variant="light">
        {t('school_settings.contact.no_map')}
      </Alert>
    );
  }
  const tiles = config.data?.mapTiles ?? null;
  const openStreetMap = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
  return (
    <Stack gap="xs">
      <Box h={320} role="region" aria-label={t('school_settings.contact.map_of', { name })}>
        <MapContainer
          center={[latitude, longitude]}
          zoom={ZOOM}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom={false}
        >
          {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
          <CircleMarker center={[latitude, longitude]} radius={9} pathOptions={{ color: '#1c5fb8', fillOpacity: 0.8 }}>
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {name}
            </Tooltip>
          </CircleMarker>
        </MapContainer>
      </Box>
      <Text size="sm">
        {!tiles && `${t('school_settings.contact.no_tiles')} `}
        <Anchor href={openStreetMap} target="_blank" rel="noopener noreferrer">
          {t('school_settings.contact.open_map')}
        </Anchor>
      </Text>
    </Stack>
  );
}
