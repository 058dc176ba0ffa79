import Typography from '@mui/material/Typography';
import type { GiftCardDetail } from '../../../../shared/types';
import { useSession } from '../../app/session';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { cardLocks } from './CardEditForm';
import CardImages from './CardImages';

/** The card's saved photos, whole and large (Z zooms them): the card page's photo side. Removable where the card's form may change its images. */
export default function CardPhotos({ detail, zoomed, onZoom }: { detail: GiftCardDetail; zoomed: boolean; onZoom(): void }) {
  const { isStaff } = useSession();
  const confirmedDelete = useConfirmedDelete();
  const { readOnly, paidLock } = cardLocks(detail.data, isStaff);
  const remove = (imageId: number) => confirmedDelete('deleteCardImage', imageId, undefined, 'this image of the card');
  const { read_image_id: imageId, read_box: box } = detail.data;
  const read = imageId != null && box ? { imageId, box } : null;
  return (
    <section aria-labelledby="card-photos-title">
      <Typography variant="h6" component="h2" id="card-photos-title" gutterBottom>
        Images
      </Typography>
      <CardImages
        images={detail.images}
        large
        zoomed={zoomed}
        onZoom={onZoom}
        read={read}
        onRemove={readOnly || paidLock ? undefined : remove}
      />
    </section>
  );
}
