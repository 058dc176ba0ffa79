import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { knownGoodForm, SIGNAL_LABEL, type KnownGoodFormValues } from '../../../../shared/link-form';
import { MSG } from '../../../../shared/messages';
import type { SellerLink } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../DialogForm';
import { FormText } from '../FormFields';
import { useOpenedOnce } from '../useOpenedOnce';

interface Props {
  link: SellerLink | null;
  onClose(): void;
}

/** Staff mark a link between two sellers known-good (audited), with a note saying why. */
export function KnownGoodDialog(props: Props) {
  return useOpenedOnce(props.link !== null) ? <KnownGoodForm {...props} /> : null;
}

function KnownGoodForm({ link, onClose }: Props) {
  const mark = useApiMutation('markLinkKnownGood', { invalidates: ['listSellerLinks'] });
  const form = useForm<KnownGoodFormValues>({ resolver: zodResolver(knownGoodForm), defaultValues: { note: '' } });
  const save = async (v: KnownGoodFormValues) => {
    const note = v.note.trim();
    const data = await mark.mutateAsync({ id: link!.id, body: note ? { note } : {} });
    return msgText({ status: 200, data }, MSG.linkKnownGood);
  };
  return (
    <DialogForm
      open={link !== null}
      onClose={onClose}
      id="known-good-title"
      title="Mark as known-good"
      form={form}
      save={save}
      submitLabel="Mark as known-good"
    >
      {link && (
        <Typography sx={{ mb: 2 }}>
          {SIGNAL_LABEL[link.signal]} as {link.other_seller_name ?? `seller #${link.other_seller_id}`}. The link stays listed as known-good;
          no new notification is raised for it.
        </Typography>
      )}
      <FormText control={form.control} name="note" id="known-good-note" label="Note" multiline minRows={2} margin="dense" />
    </DialogForm>
  );
}
